/**
 * @module Reading the FreeDict dictionaries the bilingual-lexicon generator starts from
 * (build-bilingual-lexicon.ts): a dictd database (`<name>.index` + `.dict.dz`, as Debian installs
 * them under /usr/share/dictd) read whole into its articles, and a FreeDict article parsed into its
 * headwords and, per sense, its English translations.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const dictdDigits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A dictd index number: base 64 in dictd's digit order, most significant digit first. */
export function decodeDictdNumber(text: string): number {
  let value = 0;
  for (const character of text) {
    const digit = dictdDigits.indexOf(character);
    if (digit < 0) throw new Error(`not a dictd number: ${JSON.stringify(text)}`);
    value = value * 64 + digit;
  }
  return value;
}

/** One article of a dictd database: its text and where it starts in the uncompressed data. */
export interface DictdArticle {
  offset: number;
  body: string;
}

/** A dictd database read whole: its articles and its `00-database-info` text. */
export interface DictdDatabase {
  /** Each article once however many index lines point at it, in file order. */
  articles: DictdArticle[];
  info: string | undefined;
}

/**
 * Reads `<directory>/<name>.index` + `.dict.dz` (dictzip is gzip); the `00-database-*` header
 * articles are not among `articles`.
 */
export function readDictdDatabase(options: { directory: string; name: string }): DictdDatabase {
  const base = join(options.directory, options.name);
  const data = gunzipSync(readFileSync(`${base}.dict.dz`));
  const articles = new Map<number, DictdArticle>();
  let info: string | undefined;
  for (const line of readFileSync(`${base}.index`, 'utf8').split('\n')) {
    const [headword, offsetText, lengthText] = line.split('\t');
    if (headword === undefined || offsetText === undefined || lengthText === undefined) continue;
    const offset = decodeDictdNumber(offsetText);
    const body = (): string =>
      data.subarray(offset, offset + decodeDictdNumber(lengthText)).toString('utf8');
    if (/^00-?database/u.test(headword)) {
      if (/^00-?database-?info$/u.test(headword)) info = body();
      continue;
    }
    if (!articles.has(offset)) articles.set(offset, { offset, body: body() });
  }
  return {
    articles: [...articles.values()].sort((left, right) => left.offset - right.offset),
    info,
  };
}

/** The `Edition:` line of a database's info text, when it has one. */
export function dictdEdition(info: string | undefined): string | undefined {
  return info === undefined ? undefined : /^Edition:\s*(.+)$/mu.exec(info)?.[1]?.trim();
}

/** A parsed FreeDict article: its headwords and, per sense in order, the English translations. */
export interface FreedictArticle {
  headwords: string[];
  /** Whether the first line carries a grammar tag (`<n>`, `<adj>`, `<fem, n, sg>`, …). */
  tagged: boolean;
  senses: string[][];
}

/** Drops bracketed asides: `(…)` (nested too), `[…]`, `{…}`, `<…>`. */
function withoutAsides(text: string): string {
  let result = text.replace(/\[[^\]]*\]|\{[^}]*\}|<[^>]*>/gu, ' ');
  for (let previous = ''; previous !== result;) {
    previous = result;
    result = result.replace(/\([^()]*\)/gu, ' ');
  }
  return result;
}

const senseNumber = /^\d+\.\s+/u;
const notTranslation = /^(?:\(|"|„|Synonyms?:|see:|Note:|Example)/u;
const englishItem = /^[a-z][a-z' -]*[a-z]$/u;
const fillerWords = new Set(['sth', 'sth.', 'sb', 'sb.', "sb.'s", "sth.'s", 'etw.', 'jdn.']);

/** One translation as a short lowercase English phrase, or undefined when it is not one. */
export function cleanTranslation(item: string): string | undefined {
  const words = item
    .toLowerCase()
    .replace(/[‐‑]/gu, '-')
    .split(/\s+/u)
    .filter((word) => word !== '' && !fillerWords.has(word));
  while (words.length > 1 && ['to', 'a', 'an', 'the'].includes(words[0] ?? '')) words.shift();
  const phrase = words.join(' ');
  if (words.length < 1 || words.length > 3 || !englishItem.test(phrase)) return undefined;
  return phrase;
}

/**
 * Reads one article. The first line names the headwords (comma-separated; pronunciation between
 * slashes, part of speech and frequency tags in brackets are dropped). Each sense (`1.`, `2.`, …
 * or, unnumbered, the whole article) contributes its first line that is not a part-of-speech or
 * domain line in parentheses, an example, a note or a cross-reference: that line lists the
 * translations, comma- or semicolon-separated. Later lines of a sense (a Polish definition, an
 * example) are not read.
 */
export function parseFreedictArticle(body: string): FreedictArticle {
  const [header = '', ...lines] = body.split('\n');
  const named = withoutAsides(header.replace(/\/[^/]*\//gu, ' ')).trim();
  // A whole example sentence stands as a headword in the German dictionary: not a word to match.
  const headwords = /[.?!…]$/u.test(named)
    ? []
    : named
        .split(',')
        .map((headword) => headword.replace(/\s+/gu, ' ').trim())
        .filter((headword) => headword !== '');
  const tagged = /<[^>]+>/u.test(header);
  const senses: string[][] = [];
  let filled = true;
  for (const rawLine of lines) {
    let line = rawLine.trim();
    if (senseNumber.test(line)) {
      line = line.replace(senseNumber, '');
      senses.push([]);
      filled = false;
    } else if (senses.length === 0 && line !== '') {
      senses.push([]);
      filled = false;
    }
    if (filled) continue;
    line = line.replace(/^(?:\[[^\]]*\]\s*|\{[^}]*\}\s*)+/u, '').trim();
    if (line === '' || notTranslation.test(line)) continue;
    const sense = senses.at(-1);
    if (sense === undefined) continue;
    for (const item of withoutAsides(line).split(/[,;]/u)) {
      const phrase = cleanTranslation(item);
      if (phrase !== undefined && !sense.includes(phrase)) sense.push(phrase);
    }
    filled = true;
  }
  return { headwords, tagged, senses };
}
