/**
 * @module Human-readable paper titles. A title a source gives may be no title at all: a document
 * id or hash (SciREX documents without a title line), a browser's "about:blank" or a file name in
 * a PDF's metadata, a bare heading such as "Appendix" or a running header ("Published as a
 * conference paper at …") as a PDF's first line. `readableTitle` keeps a good title and otherwise
 * takes the first line of the paper's text that reads as one, the title run into the first
 * sentence of a one-section SciREX document, or an excerpt of the first sentence — never a hash.
 */
import { headingOfLine } from './plain-text-layout.js';

/** Longest title kept, in characters; a longer line is not a title. */
const longestTitleCharacters = 300;
/** Most words a line may have to be taken as a title. */
const longestTitleWords = 30;
/** Words of the first sentence an excerpt title keeps. */
const excerptWords = 12;
/** Lines at the top of a paper's opening that may hold its title. */
const titleLinesSearched = 8;
/** Lines of the whole text searched for a first sentence when the opening has none. */
const excerptLinesSearched = 60;

const notTitlePatterns = [
  // Document ids and content hashes: 12+ hex digits with both digits and letters.
  /^(?=.*\d)(?=.*[a-f])[0-9a-f]{12,}$/i,
  /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b/i,
  // Addresses and file names from PDF metadata.
  /^(?:about:|https?:|file:|www\.)/i,
  /^(?:untitled|microsoft word\b.*|.*\.(?:docx?|pdf|tex|dvi|ps|txt|json))$/i,
  // Running headers and page furniture.
  /^(?:published as|under review|accepted (?:at|to|as|for)|proceedings of|preprint|arxiv\b|draft\b|page \d)/i,
  /^(?:index terms|keywords)\b/i,
  // Generic headings that name a part, not a paper.
  /^(?:supplementary(?: materials?)?|appendix(?: [a-z\d]+)?|appendices|contents|table of contents|title|full text|front matter|untitled section)\s*[.:]?$/i,
];

/** A venue's running header run into the title ("Published as a conference paper at ICLR 2016 …"). */
const runningHeaderPattern =
  /^(?:published as|under review as|accepted as) an? (?:conference|workshop) paper at \S+(?: \d{4})?\s+/i;

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether `text` can stand as a paper's title (for paper `id`). */
export function isReadableTitle(text: string, id?: string): boolean {
  const title = normalizeSpace(text);
  if (title.length < 3 || title.length > longestTitleCharacters) return false;
  if (id !== undefined && title === id) return false;
  if ((title.match(/\p{L}/gu) ?? []).length < 3) return false;
  if (title.split(' ').length > longestTitleWords) return false;
  if (notTitlePatterns.some((pattern) => pattern.test(title))) return false;
  // A sentence, not a title: it ends with a full stop or holds a sentence break.
  if (/\.$/.test(title) || /[.!?]\s+\p{Lu}/u.test(title)) return false;
  return headingOfLine(title) === null;
}

/** The first words of `text`'s first sentence, with "…" when cut. */
export function titleExcerpt(text: string): string {
  const firstSentence = normalizeSpace(text).split(/(?<=[.!?])\s+(?=\p{Lu})/u)[0] ?? '';
  const words = firstSentence
    .replace(/[.!?]$/, '')
    .split(' ')
    .filter(Boolean);
  if (words.length <= excerptWords) return words.join(' ');
  return `${words
    .slice(0, excerptWords)
    .join(' ')
    .replace(/[,;:]$/, '')}…`;
}

/** Lowercase words a title-case title keeps lowercase. */
const minorWords = new Set(
  'a an the and or nor but of for in on with to from by via at as into onto through using over under without towards toward vs versus is are its per'.split(
    ' ',
  ),
);

function isTitleWord(word: string): boolean {
  return /^[\p{Lu}\d]/u.test(word) || minorWords.has(word) || /^[:\-–—,&]$/.test(word);
}

/**
 * A title-case title run into the first sentence ("Local Decorrelation For Improved Pedestrian
 * Detection Even with the advent of …"): the leading title-case words, less the capitalised word
 * (and the minor words after it) where the sentence starts. Null when there is no such run.
 */
export function runInTitle(line: string): string | null {
  const words = normalizeSpace(line).split(' ');
  let end = 0;
  while (end < words.length && isTitleWord(words[end] ?? '')) end += 1;
  if (end >= words.length) return null;
  let sentenceStart = end - 1;
  while (sentenceStart > 0 && minorWords.has(words[sentenceStart] ?? '')) sentenceStart -= 1;
  const title = words.slice(0, sentenceStart).join(' ').replace(/[,:]$/, '');
  const titleWordCount = title.split(' ').length;
  return titleWordCount >= 3 && titleWordCount <= longestTitleWords && isReadableTitle(title)
    ? title
    : null;
}

export type DerivedTitleSource = 'kept' | 'without-header' | 'text-line' | 'run-in' | 'excerpt';

/**
 * The text of a paper's first section (title, authors, abstract: where a title can be), from its
 * sentences' offsets; a later section's heading is never taken for the paper's title.
 */
export function openingTextOf(paper: {
  text: string;
  sentences: readonly { sectionIndex: number; charEnd: number }[];
}): string {
  const firstSection = paper.sentences[0]?.sectionIndex;
  let end = 0;
  for (const sentence of paper.sentences) {
    if (sentence.sectionIndex !== firstSection) break;
    end = Math.max(end, sentence.charEnd);
  }
  return paper.text.slice(0, end);
}

/**
 * The paper's title when it reads as one; else one derived from the text of its first section
 * (see the module note). `runIn` allows a title run into the first line (SciREX documents of one
 * section).
 */
export function readableTitle(paper: {
  id: string;
  title: string;
  openingText: string;
  /** The whole text: an excerpt comes from it when the opening has no sentence. */
  text: string;
  runIn?: boolean;
}): { title: string; source: DerivedTitleSource } {
  if (isReadableTitle(paper.title, paper.id))
    return { title: normalizeSpace(paper.title), source: 'kept' };
  const withoutHeader = normalizeSpace(paper.title).replace(runningHeaderPattern, '');
  if (isReadableTitle(withoutHeader, paper.id))
    return { title: withoutHeader, source: 'without-header' };
  const lines = paper.openingText
    .split('\n')
    .map(normalizeSpace)
    .filter((line) => line.length > 0)
    .slice(0, titleLinesSearched);
  const line = lines.find((candidate) => isReadableTitle(candidate, paper.id));
  if (line !== undefined) return { title: line, source: 'text-line' };
  const isSentence = (candidate: string) =>
    /\p{L}{3}/u.test(candidate) &&
    candidate.split(' ').length >= 4 &&
    !notTitlePatterns.some((pattern) => pattern.test(candidate)) &&
    headingOfLine(candidate) === null;
  const first =
    lines.find(isSentence) ??
    paper.text
      .split('\n')
      .slice(0, excerptLinesSearched)
      .map(normalizeSpace)
      .find((candidate) => candidate.length > 0 && isSentence(candidate));
  const runIn = paper.runIn && first !== undefined ? runInTitle(first) : null;
  if (runIn !== null) return { title: runIn, source: 'run-in' };
  const excerpt = first === undefined ? '' : titleExcerpt(first);
  return { title: excerpt.length > 0 ? excerpt : 'Untitled paper', source: 'excerpt' };
}
