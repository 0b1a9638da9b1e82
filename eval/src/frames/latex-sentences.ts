/**
 * @module Reference sentences of a paper from its LaTeX source, for the text fidelity of
 * `quarry eval pdfs` (docs/BENCHMARKS.md section 3b) on papers whose source sits beside their PDF:
 * the source read (latex-source.ts), turned into text (latex-text.ts), its paragraphs split into
 * sentences with the product's splitter (@quarry/text, so a figure measures extraction, not
 * splitting), and only "clean" body sentences kept, ones a faithful extraction shows word for
 * word: 8 to 60 words, starting with a capital or digit and ending with `.`, `?` or `!`, with no
 * marker of unknown rendering (math, citation, reference, footnote mark, unknown macro) and no
 * leftover TeX character, written once in the paper and in no caption or footnote. Up to 15 are
 * chosen evenly across the paper, and up to 10 caption and footnote texts, so the eval can tell
 * a sentence merged with a caption or footnote from one merged with other text.
 */
import { splitSentences } from '@quarry/text';
import { collectSimpleMacros, readLatexSource } from './latex-source.js';
import type { ReadLatexFile } from './latex-source.js';
import { latexToText, unfaithfulMark } from './latex-text.js';
import { normaliseSentence } from './sentence-match.js';

export const defaultReferenceSentencesPerPaper = 15;
export const defaultAsideTextsPerPaper = 10;

export interface AsideText {
  kind: 'caption' | 'footnote';
  text: string;
}

export interface LatexReferences {
  /** The chosen clean body sentences, in paper order. */
  sentences: string[];
  /** The chosen caption and footnote texts, in paper order. */
  asides: AsideText[];
  /** How many clean body sentences the paper has (the pool `sentences` is chosen from). */
  cleanSentences: number;
  /** All body sentences found. */
  bodySentences: number;
  /** Source files read, main first, and inputs that were not found. */
  files: string[];
  missingInputs: string[];
}

const shortestSentenceWords = 8;
const longestSentenceWords = 60;
const shortestAsideWords = 4;

/**
 * Whether a body sentence is one a faithful extraction shows word for word: 8 to 60 words, a
 * capital or digit first, `.`, `?` or `!` last (closing quotes or brackets may follow), and no
 * marker or TeX leftover (backslash, braces, `$`, `&`, `#`, `^`, `_`, `~`, `%`), no square
 * bracket (a citation the source could not show) and no URL.
 */
export function isCleanReferenceSentence(sentence: string): boolean {
  const words = sentence.split(/\s+/).filter((word) => word.length > 0).length;
  if (words < shortestSentenceWords || words > longestSentenceWords) return false;
  if (!/^[\p{Lu}\d“"‘']/u.test(sentence)) return false;
  if (!/[.?!][”"’')]?$/u.test(sentence)) return false;
  if (/[\\{}$&#^_~%[\]\uE000]/.test(sentence)) return false;
  if (/https?:|www\.|\.\s*\.\s*\./i.test(sentence)) return false;
  // Parentheses must balance: an unbalanced one means the splitter cut inside them.
  return (sentence.match(/\(/g)?.length ?? 0) === (sentence.match(/\)/g)?.length ?? 0);
}

/** Up to `count` items spread evenly over `items` (the middle of each of `count` equal parts). */
export function spreadEvenly<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const chosen: T[] = [];
  for (let part = 0; part < count; part += 1) {
    const item = items[Math.floor(((part + 0.5) * items.length) / count)];
    if (item !== undefined) chosen.push(item);
  }
  return chosen;
}

/** Every sentence of the body text, each paragraph split on its own, blanks collapsed. */
export function bodySentences(body: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of body.split(/\n[ \t]*\n/)) {
    const flat = paragraph.replace(/\s+/g, ' ').trim();
    if (flat === '') continue;
    for (const span of splitSentences(flat)) sentences.push(span.text);
  }
  return sentences;
}

/** Reference sentences and caption and footnote texts of converted LaTeX text. */
export function chooseLatexReferences(options: {
  body: string;
  asides: readonly AsideText[];
  sentencesPerPaper?: number;
  asidesPerPaper?: number;
}): Pick<LatexReferences, 'sentences' | 'asides' | 'cleanSentences' | 'bodySentences'> {
  const sentences = bodySentences(options.body);
  const counts = new Map<string, number>();
  for (const sentence of sentences) {
    const key = normaliseSentence(sentence.replaceAll(unfaithfulMark, ' '));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const asides = options.asides.filter(
    (aside) => aside.text.split(' ').length >= shortestAsideWords,
  );
  const asideTexts = asides.map((aside) => normaliseSentence(aside.text));
  const clean = sentences.filter((sentence) => {
    if (!isCleanReferenceSentence(sentence)) return false;
    const key = normaliseSentence(sentence);
    return counts.get(key) === 1 && !asideTexts.some((text) => text.includes(key));
  });
  return {
    sentences: spreadEvenly(clean, options.sentencesPerPaper ?? defaultReferenceSentencesPerPaper),
    asides: spreadEvenly(asides, options.asidesPerPaper ?? defaultAsideTextsPerPaper),
    cleanSentences: clean.length,
    bodySentences: sentences.length,
  };
}

/** Reference sentences of the paper whose main LaTeX file is `mainPath`. */
export function latexReferences(options: {
  mainPath: string;
  read: ReadLatexFile;
  includeAppendix?: boolean;
  sentencesPerPaper?: number;
  asidesPerPaper?: number;
}): LatexReferences {
  const source = readLatexSource({ mainPath: options.mainPath, read: options.read });
  const text = latexToText({
    source: source.text,
    macros: collectSimpleMacros(source.text),
    ...(options.includeAppendix !== undefined ? { includeAppendix: options.includeAppendix } : {}),
  });
  return {
    ...chooseLatexReferences({
      body: text.body,
      asides: text.asides,
      ...(options.sentencesPerPaper !== undefined
        ? { sentencesPerPaper: options.sentencesPerPaper }
        : {}),
      ...(options.asidesPerPaper !== undefined ? { asidesPerPaper: options.asidesPerPaper } : {}),
    }),
    files: source.files,
    missingInputs: source.missing,
  };
}
