/**
 * @module The generator of the agent's bilingual lexicon (packages/agent/data/bilingual-lexicon.tsv):
 * foreign word or phrase -> English, read from the FreeDict dictionaries Debian installs in dictd
 * format (`dict-freedict-spa-eng` and the others in `freedictDatabases`, under /usr/share/dictd),
 * kept only where the English side is vocabulary of machine-learning dataset requests: the
 * analyzed words and phrases of the starter catalog and the DataFinder collection, plus a short
 * list of request words. Each headword keeps at most two English translations, chosen by how often
 * the catalog uses them, with earlier senses preferred. Only this generator reads the dictionaries
 * (freedict-dictionaries.ts); the agent reads the generated file.
 */
import { existsSync } from 'node:fs';
import { createAnalyzer, isStopword, tokenize } from '@quarry/text';
import { readJsonLines } from '../recommender/text-lines.js';
import { dictdEdition, parseFreedictArticle, readDictdDatabase } from './freedict-dictionaries.js';
import type { FreedictArticle } from './freedict-dictionaries.js';

/** The dictionaries read, by ISO 639-1 code of the foreign language: `<name>.index` + `.dict.dz`. */
export const freedictDatabases = {
  ar: 'freedict-ara-eng',
  de: 'freedict-deu-eng',
  es: 'freedict-spa-eng',
  fr: 'freedict-fra-eng',
  it: 'freedict-ita-eng',
  ja: 'freedict-jpn-eng',
  nl: 'freedict-nld-eng',
  pl: 'freedict-pol-eng',
  pt: 'freedict-por-eng',
  tr: 'freedict-tur-eng',
} as const;
export type LexiconLanguage = keyof typeof freedictDatabases;
export const lexiconLanguages = Object.keys(freedictDatabases).sort() as LexiconLanguage[];

/** The header line of the tab-separated lexicon. */
export const bilingualLexiconHeader = 'lang\tforeign\tenglish';

/**
 * Words a dataset request uses that must count as vocabulary whatever the catalog says (written
 * for Quarry).
 */
export const requestWords = `data dataset corpus collection benchmark image picture photo video
  speech audio sound voice music text document sentence word language translation recognition
  detection classification segmentation tracking question answer summary summarization sentiment
  emotion opinion review medical medicine clinical health disease patient doctor hospital face
  person people object vehicle car traffic street road map satellite weather climate news
  dialogue conversation chat handwriting character table graph network code program legal law
  finance money price crop plant animal bird cancer brain heart radiology scan record label
  annotation biology chemistry physics education student school sport game robot drone`;

/** How many catalog texts use an English word or phrase. */
export interface EnglishVocabulary {
  documents: number;
  /** Texts using the word (lower case), or its plural or singular in -s / -es if more do. */
  wordFrequency: (word: string) => number;
  /** Texts holding the run of analyzed (stemmed, stopword-free) terms, 0 when none. */
  phraseFrequency: (terms: readonly string[]) => number;
}

const analyzer = createAnalyzer({ joinHyphenated: false });
const longestPhrase = 3;

function countOncePerText(counts: Map<string, number>, keys: Iterable<string>): void {
  for (const key of new Set(keys)) counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * The vocabulary of catalog texts: every word as written and every run of one to three analyzed
 * terms counts once per text; each of `extraWords` counts as used by at least one text in a
 * hundred, so a request word the catalog seldom writes ("medicine") is vocabulary without
 * outranking the catalog's own words.
 */
export function buildEnglishVocabulary(options: {
  texts: readonly string[];
  extraWords?: string;
}): EnglishVocabulary {
  const words = new Map<string, number>();
  const phrases = new Map<string, number>();
  for (const text of options.texts) {
    countOncePerText(words, tokenize(text, { joinHyphenated: false }));
    const terms = analyzer(text);
    const runs: string[] = [];
    for (let start = 0; start < terms.length; start++) {
      for (let size = 1; size <= longestPhrase && start + size <= terms.length; size++) {
        runs.push(terms.slice(start, start + size).join(' '));
      }
    }
    countOncePerText(phrases, runs);
  }
  const documents = options.texts.length;
  const floor = Math.ceil(documents / 100);
  const raise = (counts: Map<string, number>, key: string): void => {
    counts.set(key, Math.max(counts.get(key) ?? 0, floor));
  };
  for (const word of tokenize(options.extraWords ?? '')) raise(words, word);
  for (const term of analyzer(options.extraWords ?? '')) raise(phrases, term);
  const wordFrequency = (word: string): number => {
    const forms = [word, `${word}s`, `${word}es`];
    if (word.endsWith('s')) forms.push(word.slice(0, -1));
    if (word.endsWith('es')) forms.push(word.slice(0, -2));
    return Math.max(...forms.map((form) => words.get(form) ?? 0));
  };
  return {
    documents,
    wordFrequency,
    phraseFrequency: (terms) => phrases.get(terms.join(' ')) ?? 0,
  };
}

function stringField(record: Record<string, unknown>, key: string): string[] {
  const value = record[key];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/**
 * The catalog texts the vocabulary is learned from: per starter dataset its names, tasks,
 * modalities and description; per collection record (when the file exists) its `contents`.
 */
export function catalogTexts(options: { catalogFile: string; collectionFile?: string }): string[] {
  const texts: string[] = [];
  for (const { value } of readJsonLines(options.catalogFile)) {
    const record = value as Record<string, unknown>;
    const fields = ['name', 'full_name', 'variants', 'tasks', 'modalities', 'description'];
    texts.push(fields.flatMap((field) => stringField(record, field)).join('\n'));
  }
  if (options.collectionFile !== undefined && existsSync(options.collectionFile)) {
    for (const { value } of readJsonLines(options.collectionFile)) {
      texts.push(stringField(value as Record<string, unknown>, 'contents').join('\n'));
    }
  }
  return texts;
}

const latinHeadword = /^[\p{Script=Latin}][\p{Script=Latin}'’ -]*[\p{Script=Latin}]$/u;
const japaneseHeadword = /^[\p{Script=Han}\p{Script=Katakana}ー々]+$/u;
const arabicHeadword = /^[\p{Script=Arabic} ]+$/u;
/** Arabic short-vowel and other marks, which requests seldom write. */
const arabicMarks = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/gu;

/**
 * The headword as the lexicon stores it (lower case, accents kept), or undefined when it is not
 * a usable one: Latin-script words and phrases of up to four words with at least three letters;
 * Japanese of two or more kanji or katakana (a word written with hiragana is a verb, particle or
 * reading, too noisy as a substring); Arabic of three or more letters, marks removed.
 */
export function lexiconHeadword(language: LexiconLanguage, headword: string): string | undefined {
  const folded = headword
    .toLowerCase()
    .replace(/’/gu, "'")
    .replace(language === 'ar' ? arabicMarks : /(?!)/u, '')
    .replace(/\s+/gu, ' ')
    .trim();
  const letters = [...folded.replace(/[\s'-]/gu, '')].length;
  if (language === 'ja') return japaneseHeadword.test(folded) && letters >= 2 ? folded : undefined;
  if (language === 'ar') return arabicHeadword.test(folded) && letters >= 3 ? folded : undefined;
  const words = folded.split(' ').length;
  return latinHeadword.test(folded) && letters >= 3 && words <= 4 ? folded : undefined;
}

/**
 * How many catalog texts use a translation, or 0 when it is not vocabulary: each of its words must
 * be used by `minWordFrequency` texts; a phrase must not begin or end with an English stopword
 * ("in memory", "cut above") and its analyzed terms must occur together in `minPhraseFrequency`
 * texts. A one-word translation counts its word's texts, a phrase its own.
 */
export function translationFrequency(options: {
  english: string;
  vocabulary: EnglishVocabulary;
  minWordFrequency: number;
  minPhraseFrequency: number;
}): number {
  const { vocabulary } = options;
  const words = tokenize(options.english, { joinHyphenated: false });
  const first = words[0];
  const last = words.at(-1);
  if (first === undefined || last === undefined) return 0;
  if (isStopword(first) || isStopword(last)) return 0;
  const content = words.filter((word) => !isStopword(word));
  if (content.some((word) => vocabulary.wordFrequency(word) < options.minWordFrequency)) return 0;
  if (words.length === 1) return vocabulary.wordFrequency(first);
  const frequency = vocabulary.phraseFrequency(analyzer(options.english));
  return frequency >= options.minPhraseFrequency ? frequency : 0;
}

export interface LexiconEntry {
  language: LexiconLanguage;
  foreign: string;
  english: string;
}

export interface BuildBilingualLexiconOptions {
  /** Where the `freedict-*.index` and `.dict.dz` files are. */
  dictionaryDirectory: string;
  vocabulary: EnglishVocabulary;
  /** Translations kept per headword. Default 2. */
  maxPerHeadword?: number;
  /** Texts each word of a translation must appear in. Default 5. */
  minWordFrequency?: number;
  /** Texts a phrase translation must appear in as a phrase. Default 2. */
  minPhraseFrequency?: number;
  languages?: readonly LexiconLanguage[];
}

interface Candidate {
  english: string;
  rank: number;
  score: number;
  order: number;
}

/** How much a translation's score drops per sense before its own. */
const senseRankPenalty = 0.5;

function byScore(left: Candidate, right: Candidate): number {
  return right.score - left.score || left.order - right.order;
}

/**
 * The lexicon entries of one language. The first translation is the best one of the earliest
 * sense that has any (for the German dictionary, which gives each sense its own article, the
 * earliest article); the others, up to `maxPerHeadword`, the best of the rest. A translation's
 * score is ln(1 + catalog texts using it) minus half its sense's rank among the headword's senses,
 * so a later sense needs a more common word to win. A translation equal to its headword stays
 * (German "Text" -> lyrics, text): it tells the reader the word is English already.
 */
export function lexiconEntries(options: {
  language: LexiconLanguage;
  articles: readonly FreedictArticle[];
  vocabulary: EnglishVocabulary;
  maxPerHeadword: number;
  minWordFrequency: number;
  minPhraseFrequency: number;
}): LexiconEntry[] {
  const { language } = options;
  const frequencies = new Map<string, number>();
  const frequencyOf = (english: string): number => {
    let frequency = frequencies.get(english);
    if (frequency === undefined) {
      frequency = translationFrequency({ ...options, english });
      frequencies.set(english, frequency);
    }
    return frequency;
  };
  const candidates = new Map<string, { senses: number; list: Candidate[] }>();
  for (const article of options.articles) {
    // German articles without a grammar tag are inflected forms, participles and phrases.
    if (language === 'de' && !article.tagged) continue;
    const headwords = article.headwords
      .map((headword) => lexiconHeadword(language, headword))
      .filter((headword): headword is string => headword !== undefined);
    for (const headword of new Set(headwords)) {
      let slot = candidates.get(headword);
      if (slot === undefined) {
        slot = { senses: 0, list: [] };
        candidates.set(headword, slot);
      }
      for (const sense of article.senses) {
        const rank = slot.senses++;
        for (const english of sense) {
          const frequency = frequencyOf(english);
          if (frequency === 0) continue;
          const score = Math.log(1 + frequency) - senseRankPenalty * rank;
          slot.list.push({ english, rank, score, order: slot.list.length });
        }
      }
    }
  }
  const entries: LexiconEntry[] = [];
  for (const [foreign, slot] of candidates) {
    const firstRank = Math.min(...slot.list.map((candidate) => candidate.rank));
    const first = slot.list.filter((candidate) => candidate.rank === firstRank).sort(byScore)[0];
    if (first === undefined) continue;
    const chosen = [first.english];
    for (const candidate of [...slot.list].sort(byScore)) {
      if (chosen.length >= options.maxPerHeadword) break;
      if (!chosen.includes(candidate.english)) chosen.push(candidate.english);
    }
    for (const english of chosen) entries.push({ language, foreign, english });
  }
  return entries;
}

export interface BuiltBilingualLexicon {
  /** The file's whole text. */
  table: string;
  /** Entries (lines after the header) per language. */
  counts: Record<LexiconLanguage, number>;
  /** Headwords per language. */
  headwords: Record<LexiconLanguage, number>;
  /** The `Edition:` of each dictionary read. */
  editions: Record<LexiconLanguage, string | undefined>;
}

function compareCodePoints(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The lexicon as tab-separated text: the header, then `lang, foreign, english` lines sorted by
 * language and headword (code-point order), a headword's translations best first.
 */
export function formatBilingualLexicon(entries: readonly LexiconEntry[]): string {
  const sorted = entries
    .map((entry, index) => ({ entry, index }))
    .sort(
      (left, right) =>
        compareCodePoints(left.entry.language, right.entry.language) ||
        compareCodePoints(left.entry.foreign, right.entry.foreign) ||
        left.index - right.index,
    );
  const lines = sorted.map(({ entry }) => `${entry.language}\t${entry.foreign}\t${entry.english}`);
  return `${[bilingualLexiconHeader, ...lines].join('\n')}\n`;
}

/** Reads every dictionary and builds the lexicon file. */
export function buildBilingualLexicon(
  options: BuildBilingualLexiconOptions,
): BuiltBilingualLexicon {
  const languages = options.languages ?? lexiconLanguages;
  const entries: LexiconEntry[] = [];
  const counts = {} as Record<LexiconLanguage, number>;
  const headwords = {} as Record<LexiconLanguage, number>;
  const editions = {} as Record<LexiconLanguage, string | undefined>;
  for (const language of languages) {
    const database = { directory: options.dictionaryDirectory, name: freedictDatabases[language] };
    const read = readDictdDatabase(database);
    const articles = read.articles.map((article) => parseFreedictArticle(article.body));
    const found = lexiconEntries({
      language,
      articles,
      vocabulary: options.vocabulary,
      maxPerHeadword: options.maxPerHeadword ?? 2,
      minWordFrequency: options.minWordFrequency ?? 5,
      minPhraseFrequency: options.minPhraseFrequency ?? 2,
    });
    entries.push(...found);
    counts[language] = found.length;
    headwords[language] = new Set(found.map((entry) => entry.foreign)).size;
    editions[language] = dictdEdition(read.info);
  }
  return { table: formatBilingualLexicon(entries), counts, headwords, editions };
}
