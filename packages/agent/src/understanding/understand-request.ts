/**
 * @module What a request means, in English, whatever language it is written in: the message's
 * language is detected, the multilingual vocabulary's task, data-language and data-kind terms it
 * contains are added in English, then the bilingual dictionaries' translations of its other words
 * (bilingual-lexicon.ts), and a task cue (a setting, metric or benchmark) adds the task it
 * implies. The English words are appended, so the original words still count for the datasets'
 * own names. The language the person writes in is never taken for the language of the data.
 */
import { detectMessageLanguage, foldLatin } from './message-language.js';
import type { MessageLanguage } from './message-language.js';
import { multilingualConcepts } from './multilingual-vocabulary.js';
import type { ConceptKind } from './multilingual-vocabulary.js';
import { bilingualLexiconLanguages, translateToEnglish } from './bilingual-lexicon.js';
import type { BilingualLexiconLanguage } from './bilingual-lexicon.js';
import { findTaskCue } from './task-cues.js';
import { domainWords } from './vocabulary-domains.js';
import type { TaskCue } from './task-cues.js';

export interface UnderstoodRequest {
  /** The language the message is written in. */
  messageLanguage: MessageLanguage;
  /** The message with English equivalents appended (the message itself when there are none). */
  text: string;
  /** The English concepts recognised, by kind, most specific first. */
  concepts: { english: string; kind: ConceptKind }[];
  cue: TaskCue | null;
  /** Every English word or phrase added (concepts, cue, dictionary translations). */
  english: string[];
}

const latinLanguages = new Set(['es', 'fr', 'de', 'pt', 'it', 'tr', 'nl', 'pl']);

/** Latin-script languages close enough that a message of one is often taken for the other. */
const closeLanguages: readonly (readonly string[])[] = [
  ['es', 'pt'],
  ['de', 'nl'],
];

/**
 * Whether the terms of `language` are looked for in a message of `messageLanguage`: in a message
 * of a Latin-script language other than English, only its own terms and a close language's
 * (Italian "parole" is "words", French "parole" speech; Portuguese "vocês" is no Italian "voce").
 * Names of languages are looked for in every language: a short message ("en français svp") is
 * too short to tell its own.
 */
function termsApply(language: string, messageLanguage: string): boolean {
  if (!latinLanguages.has(language) || !latinLanguages.has(messageLanguage)) return true;
  return (
    language === messageLanguage ||
    closeLanguages.some((group) => group.includes(language) && group.includes(messageLanguage))
  );
}

/**
 * Terms other languages share with English: in an English message they are English words, which
 * the English extraction reads already, so they add nothing (and "audio" must not add "speech").
 */
const sharedWithEnglish = new Set([
  'sentiment',
  'segmentation',
  'classification',
  'detection',
  'images',
  'photos',
  'video',
  'videos',
  'audio',
  'tweets',
  'tweet',
  'text',
  'hindi',
  'named entity',
  'hate speech',
  'italiano',
  'tedesco',
  'paraphrase',
  'regression',
  'tabular',
]);

function containsTerm(options: {
  folded: string;
  lower: string;
  term: string;
  latin: boolean;
}): boolean {
  if (!options.latin) return options.lower.includes(options.term);
  const at = options.folded.indexOf(options.term);
  if (at < 0) return false;
  // A Latin term matches at the start of a word, so "imagen" matches "imagenes" but not "preimagen".
  const before = options.folded[at - 1];
  return before === undefined || !/\p{L}/u.test(before);
}

/** Whether `text` has `phrase` as whole words ("italiano" does not contain "italian"). */
function containsWord(text: string, phrase: string): boolean {
  const at = text.indexOf(phrase);
  if (at < 0) return false;
  const before = text[at - 1];
  const after = text[at + phrase.length];
  const isLetter = (character: string | undefined) =>
    character !== undefined && /\p{L}/u.test(character);
  return !isLetter(before) && !isLetter(after);
}

/**
 * How other languages say "dataset" ("jeux de données", "conjunto de datos", "Datensätze"): the
 * word for what every request asks for, never looked up word by word ("jeux" is "games").
 */
const datasetPhrases =
  /\b(?:jeux? de donn[ée]es|conjuntos? de (?:datos|dados)|bases? de (?:datos|dados|donn[ée]es)|set di dati|insiemi? di dati|datens[äa]tze?s?|datasets?|zbior(?:y|ów)? danych|zbiór danych|veri setleri|veri seti|gegevensverzamelingen|gegevensverzameling)\b/giu;

function isDictionaryLanguage(
  language: MessageLanguage,
): language is MessageLanguage & BilingualLexiconLanguage {
  return (bilingualLexiconLanguages as readonly string[]).includes(language);
}

export function understandRequest(
  message: string,
  /** The language the message is known to be in (a part of a longer message). */
  options: { language?: MessageLanguage } = {},
): UnderstoodRequest {
  const messageLanguage = options.language ?? detectMessageLanguage(message);
  const folded = foldLatin(message);
  const lower = message.toLowerCase();
  const concepts: UnderstoodRequest['concepts'] = [];
  let covered = folded;
  for (const concept of multilingualConcepts) {
    // English domain words are read by the need lexicon; a stem of another language's word
    // ("clinic") must not add a domain to an English request.
    if (messageLanguage === 'en' && concept.kind === 'domain') continue;
    const found = Object.entries(concept.terms).some(
      ([language, terms]) =>
        (concept.kind === 'language' || termsApply(language, messageLanguage)) &&
        terms.some(
          (term) =>
            !(messageLanguage === 'en' && sharedWithEnglish.has(term)) &&
            containsTerm({ folded: covered, lower, term, latin: latinLanguages.has(language) }),
        ),
    );
    if (!found) continue;
    // A generic task word inside a specific task already found adds nothing.
    if (concept.kind === 'task' && concepts.some((seen) => seen.kind === 'task')) continue;
    if (!concepts.some((seen) => seen.english === concept.english))
      concepts.push({ english: concept.english, kind: concept.kind });
    for (const terms of Object.values(concept.terms))
      for (const term of terms) covered = covered.split(term).join(' ');
  }
  const cue = findTaskCue(message);
  // The bilingual dictionaries bring the other words of a non-English request into English.
  const dictionary = isDictionaryLanguage(messageLanguage)
    ? translateToEnglish({
        // Without the words a concept already read ("reconnaissance" in "reconnaissance
        // d'entités nommées" is no "exploration").
        text: covered.replace(datasetPhrases, ' , '),
        language: messageLanguage,
      }).english
    : [];
  const english = [
    ...(cue ? [cue.task, ...(cue.modality ? [cue.modality] : [])] : []),
    ...concepts.map((concept) => concept.english),
    // An English message says its own words; another language's message is searched in its
    // English alone (english-query.ts), so a concept spelt alike ("classification") stays.
  ].filter((word) => messageLanguage !== 'en' || !containsWord(lower, word.toLowerCase()));
  const said = english.join(' ').toLowerCase();
  for (const word of dictionary)
    if (!containsWord(said, word.toLowerCase()) && !english.includes(word)) english.push(word);
  const base = cue?.masks ? message.replace(cue.masks, ' ') : message;
  // A domain is searched for in any of its words (records of legal data say "law" or "court").
  const searched = english.map((word) => {
    const domain = concepts.find(
      (concept) => concept.kind === 'domain' && concept.english === word,
    );
    return domain ? domainWords(word).join(' ') : word;
  });
  const text = searched.length > 0 ? `${base.trim()} (${searched.join('; ')})` : base;
  return { messageLanguage, text, concepts, cue, english };
}
