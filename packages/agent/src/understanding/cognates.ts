/**
 * @module Cognates: the technical words of a request in Spanish, Portuguese, Italian, French or
 * German that the dictionaries lack are often English words in another spelling
 * ("iperspettrali" -> hyperspectral, "segmentação" -> segmentation, "Klassifikation" ->
 * classification, "annotées" -> annotated). English forms are made from a word by regular
 * correspondences of endings and spellings, and one is kept only when the catalog writes it
 * (`data/english-words.tsv`, made by eval's build-english-words from the shipped catalog), so a
 * cognate can only bring in words the catalog can match. Pure, over words already folded to the
 * lexicon's matching form (lower case, no accents).
 */
import { fileURLToPath } from 'node:url';
import { generatedTableLines, readTextFileSync } from '@quarry/core';

export const cognateLanguages = ['es', 'pt', 'it', 'fr', 'de'] as const;
export type CognateLanguage = (typeof cognateLanguages)[number];

/** Foreign ending -> English endings, best first. Every ending that fits is tried, longest first. */
type Endings = Record<string, string[]>;

const adjective = ['ic', 'ical', 'ics'];
const participle = ['ed', 'ate', 'ated'];
/** A Romance noun or adjective's plain endings. */
const vowels: Endings = {
  os: ['', 's', 'e'],
  as: ['', 's', 'e'],
  es: ['', 's', 'es', 'e'],
  o: ['', 'e'],
  a: ['', 'e', 'a'],
  e: ['', 'e'],
  s: ['', 's'],
};

const spanish: Endings = {
  aciones: ['ations'],
  acion: ['ation'],
  ciones: ['tions'],
  cion: ['tion'],
  siones: ['sions'],
  sion: ['sion'],
  idades: ['ities'],
  idad: ['ity'],
  icos: adjective,
  icas: adjective,
  ico: adjective,
  ica: adjective,
  ivos: ['ive'],
  ivas: ['ive'],
  ivo: ['ive'],
  iva: ['ive'],
  osos: ['ous'],
  osas: ['ous'],
  oso: ['ous'],
  osa: ['ous'],
  ales: ['al', 'als'],
  mente: ['ly'],
  ismo: ['ism'],
  ista: ['ist'],
  encias: ['ences'],
  encia: ['ence'],
  ancia: ['ance'],
  entes: ['ent', 'ents'],
  ente: ['ent'],
  antes: ['ant', 'ants'],
  ante: ['ant'],
  ados: participle,
  adas: participle,
  ado: participle,
  ada: participle,
  uras: ['ures'],
  ura: ['ure'],
  isis: ['ysis'],
  ias: ['ies'],
  ia: ['y', 'ia'],
  ar: ['', 'e'],
  ...vowels,
};

const portuguese: Endings = {
  ...spanish,
  acoes: ['ations'],
  acao: ['ation'],
  coes: ['tions'],
  cao: ['tion'],
  soes: ['sions'],
  sao: ['sion'],
  idade: ['ity'],
  ais: ['al', 'als'],
  veis: ['ble', 'bles'],
  vel: ['ble'],
  agens: ['ages'],
  agem: ['age'],
  ise: ['ysis'],
};

const italian: Endings = {
  azioni: ['ations'],
  azione: ['ation'],
  zioni: ['tions'],
  zione: ['tion'],
  sioni: ['sions'],
  sione: ['sion'],
  ita: ['ity'],
  ici: adjective,
  iche: adjective,
  ico: adjective,
  ica: adjective,
  ivi: ['ive'],
  ive: ['ive'],
  ivo: ['ive'],
  iva: ['ive'],
  osi: ['ous'],
  ose: ['ous'],
  oso: ['ous'],
  osa: ['ous'],
  ali: ['al', 'als'],
  ale: ['al'],
  bili: ['ble'],
  bile: ['ble'],
  mente: ['ly'],
  ismo: ['ism'],
  ista: ['ist'],
  enze: ['ences'],
  enza: ['ence'],
  anza: ['ance'],
  enti: ['ent', 'ents'],
  ente: ['ent'],
  anti: ['ant', 'ants'],
  ante: ['ant'],
  ati: participle,
  ate: participle,
  ato: participle,
  ata: participle,
  ure: ['ures'],
  ura: ['ure'],
  isi: ['ysis'],
  ie: ['ies'],
  ia: ['y', 'ia'],
  are: ['', 'e'],
  i: ['', 's', 'e'],
  e: ['', 'e', 's'],
  o: ['', 'e'],
  a: ['', 'e', 'a'],
};

const french: Endings = {
  ites: ['ities'],
  ite: ['ity'],
  iquement: ['ically'],
  iques: adjective,
  ique: adjective,
  ives: ['ive'],
  ive: ['ive'],
  ifs: ['ive'],
  if: ['ive'],
  euses: ['ous'],
  euse: ['ous'],
  eux: ['ous'],
  elles: ['al'],
  elle: ['al'],
  els: ['al'],
  el: ['al'],
  aires: ['ary'],
  aire: ['ary'],
  ies: ['ies', 'y'],
  ie: ['y'],
  eurs: ['ors'],
  eur: ['or'],
  isme: ['ism'],
  ees: ['ed', 'ated'],
  ee: ['ed', 'ated'],
  er: ['', 'e'],
  es: ['', 's', 'ed', 'ated'],
  e: ['', 'ed', 'ated'],
  s: ['', 's'],
};

const german: Endings = {
  ationen: ['ations'],
  itaten: ['ities'],
  itat: ['ity'],
  ien: ['ies'],
  ie: ['y'],
  ischen: adjective,
  ische: adjective,
  isches: adjective,
  ischer: adjective,
  isch: adjective,
  iven: ['ive'],
  ive: ['ive'],
  iv: ['ive'],
  ellen: ['al'],
  elle: ['al'],
  ell: ['al'],
  ieren: ['ize', 'ate'],
  ismus: ['ism'],
  enz: ['ence'],
  anz: ['ance'],
  ik: ['ics', 'ic'],
  en: ['', 's'],
  e: ['', 'e'],
  n: [''],
  s: [''],
};

/** Spelling correspondences inside the stem, each tried on and off: [foreign, English]. */
type Spellings = [RegExp, string][];

const romanceSpellings: Spellings = [
  [/^hiper/u, 'hyper'],
  [/^hidro/u, 'hydro'],
  [/^es(?=[cpt])/u, 's'],
  [/f/gu, 'ph'],
];

const rules: Record<CognateLanguage, { endings: Endings; spellings: Spellings }> = {
  es: { endings: spanish, spellings: romanceSpellings },
  pt: { endings: portuguese, spellings: romanceSpellings },
  it: {
    endings: italian,
    spellings: [
      [/^iper/u, 'hyper'],
      [/^idro/u, 'hydro'],
      [/^esp/u, 'exp'],
      [/tt/gu, 'ct'],
      [/tt/gu, 'pt'],
      [/f/gu, 'ph'],
    ],
  },
  fr: { endings: french, spellings: [] },
  de: {
    endings: german,
    spellings: [
      [/k/gu, 'c'],
      [/z/gu, 'c'],
      [/f/gu, 'ph'],
    ],
  },
};

/** The fewest letters left of a word when its ending is taken off, and the shortest cognate. */
const shortestStem = 3;
const shortestCognate = 5;

/** Every spelling of the stem the correspondences allow, the stem itself first. */
function stemSpellings(stem: string, spellings: Spellings): string[] {
  let forms = [stem];
  for (const [pattern, english] of spellings) {
    const changed = forms
      .map((form) => form.replace(pattern, english))
      .filter((form) => !forms.includes(form));
    forms = [...forms, ...changed];
  }
  return forms;
}

/**
 * English words the foreign word may be, best first: longer foreign endings before shorter ones,
 * then the ending's English forms in order, the unchanged stem before respelled ones.
 */
export function cognateCandidates(language: CognateLanguage, word: string): string[] {
  const { endings, spellings } = rules[language];
  const fitting = Object.keys(endings)
    .filter((ending) => word.endsWith(ending) && word.length - ending.length >= shortestStem)
    .sort((a, b) => b.length - a.length);
  const candidates: string[] = [];
  for (const ending of [...fitting, '']) {
    const stem = word.slice(0, word.length - ending.length);
    for (const form of stemSpellings(stem, spellings)) {
      for (const english of ending === '' ? [''] : (endings[ending] ?? [])) {
        const candidate = form + english;
        if (candidate.length >= shortestCognate && !candidates.includes(candidate))
          candidates.push(candidate);
      }
    }
  }
  return candidates;
}

export function isCognateLanguage(language: string): language is CognateLanguage {
  return (cognateLanguages as readonly string[]).includes(language);
}

/** The shipped table of the catalog's English words. */
export const shippedEnglishWordsFile = fileURLToPath(
  new URL('../../data/english-words.tsv', import.meta.url),
);
export const englishWordsHeader = 'word\ttexts';

/** Reads `word<TAB>texts` lines; a bad line is an `invalid_input` AppError at `where:line`. */
export function parseEnglishWords(text: string, where = 'English words'): ReadonlySet<string> {
  const { rows, fail } = generatedTableLines(text, {
    where,
    header: englishWordsHeader,
    generator: 'eval: build-english-words',
    what: 'the table',
  });
  const words = new Set<string>();
  for (const { lineNumber, line } of rows) {
    const [word, texts, ...rest] = line.split('\t');
    if (
      word === undefined ||
      !/^[a-z]+$/u.test(word) ||
      !/^\d+$/u.test(texts ?? '') ||
      rest.length > 0
    ) {
      fail(lineNumber, 'expected "word<TAB>texts" with a lower-case word and a count');
    }
    words.add(word ?? '');
  }
  return words;
}

const loaded = new Map<string, ReadonlySet<string>>();

/** Reads and validates an English-words file once per path (default the shipped one). */
export function loadEnglishWords(path: string = shippedEnglishWordsFile): ReadonlySet<string> {
  let words = loaded.get(path);
  if (words === undefined) {
    words = parseEnglishWords(readTextFileSync({ path, what: 'the English words table' }), path);
    loaded.set(path, words);
  }
  return words;
}

/**
 * The English word a foreign word is a cognate of, or undefined: the first candidate the catalog
 * writes. A word that is English as it stands ("segmentation" in French) gives undefined: the
 * request holds it already.
 */
export function englishCognate(options: {
  language: CognateLanguage;
  word: string;
  english?: ReadonlySet<string>;
}): string | undefined {
  const english = options.english ?? loadEnglishWords();
  if (english.has(options.word)) return undefined;
  return cognateCandidates(options.language, options.word).find((candidate) =>
    english.has(candidate),
  );
}
