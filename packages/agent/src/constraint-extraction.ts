/**
 * @module Offline constraint extraction: which slots a request states (task, modality, domain,
 * language, text length) and how to read a short answer to a clarifying question ("images, not
 * video", "German", "no preference").
 */
import { needMatches } from '@quarry/recommender';
import type { NeedCategory } from '@quarry/recommender';
import { isStopword, tokenize } from '@quarry/text';
import type { Constraints, Slot } from './slots.js';
import { findTaskPhrase } from './task-lexicon.js';
import type { TaskTaxonomy } from './task-taxonomy.js';
import type { TaskCue } from './understanding/task-cues.js';

/** Words of a request that surround a task phrase without being part of it. */
const requestFillerWords = new Set(
  'yes yeah yep yup sure exactly indeed actually really mainly primarily basically specifically particularly especially definitely build building want wants need needs needed mean meant ideally preferably mostly suggest looking seeking hmm hmmm um uh ok okay works develop developing train training create design make study propose improve using use learn learning system systems approach method methods new novel model models task tasks perform performing one ones something anything stuff thing things dataset datasets benchmark benchmarks corpus corpora working work trying try planning plan interested focusing focused exploring investigating researching studying tackling doing hoping aiming'.split(
    ' ',
  ),
);

/** Words that name no task when they are a task phrase's only word ("predict the polarity"). */
const bareTaskWords = new Set(
  'predict predicting classify classifying detect detecting generate generating estimate estimating analyze analyse recognize recognise model learn answer answering'.split(
    ' ',
  ),
);

function isFiller(token: string): boolean {
  return isStopword(token) || requestFillerWords.has(token);
}

/** Words that negate the label right after them ("not video", "no speech"). */
const negations = new Set(['not', 'no', 'without', 'except', 'excluding', 'non']);

const noPreferencePattern =
  /^\s*(no preference|none|any|anything|either|whatever|skip|doesn'?t matter|does not matter|no|not sure|don'?t care|all|n\/a)\s*[.!]?\s*$/i;

/** ISO 639-1 codes users type as answers. */
const languageCodes: Record<string, string> = {
  en: 'English',
  zh: 'Chinese',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  ar: 'Arabic',
  hi: 'Hindi',
  ja: 'Japanese',
  ko: 'Korean',
  ru: 'Russian',
  pt: 'Portuguese',
  it: 'Italian',
  nl: 'Dutch',
  tr: 'Turkish',
  vi: 'Vietnamese',
  fa: 'Persian',
};

/** Text lengths; "long" and "short" alone, not as the start of "long-term" or "short-range". */
const textLengthPatterns: { pattern: RegExp; value: string }[] = [
  {
    pattern:
      /\b(tweets?|short[- ]texts?|sentence[- ]level|single sentences?|short(?![-\u2010]))\b/i,
    value: 'short',
  },
  { pattern: /\b(paragraphs?|passages?|paragraph[- ]level)\b/i, value: 'paragraph' },
  {
    pattern:
      /\b(long[- ]documents?|document[- ]level|full[- ]text|long(?![-\u2010])|books?|articles?)\b/i,
    value: 'long',
  },
];

/**
 * Labels of one category in a text, skipping negated ones, in order of first mention. Language
 * codes ("de", "zh") count only in a short answer: in a sentence "de" and "en" are French or
 * Spanish words.
 */
export function labelsIn(
  text: string,
  category: NeedCategory,
  options: { languageCodes?: boolean } = {},
): string[] {
  const tokens = tokenize(text, { joinHyphenated: false });
  const found: { at: number; label: string }[] = [];
  // Phrases before words: "hate speech" is text, "speech recognition" speech (needMatches).
  for (const match of needMatches(tokens)) {
    if (negations.has(tokens[match.start - 1] ?? '')) continue;
    for (const word of match.words)
      if (word.category === category) found.push({ at: match.start, label: word.label });
  }
  if (options.languageCodes === true && category === 'language') {
    tokens.forEach((token, at) => {
      const code = token.length === 2 ? languageCodes[token] : undefined;
      if (code && !negations.has(tokens[at - 1] ?? '')) found.push({ at, label: code });
    });
  }
  const labels: string[] = [];
  for (const { label } of found.sort((left, right) => left.at - right.at))
    if (!labels.includes(label)) labels.push(label);
  return labels;
}

/** Conjunctions whose words would read as slots ("as long as it's speech" states no length). */
const connectives = /\b(?:as|so) long as\b|\bas well as\b|\bin the long run\b/gi;

/**
 * Phrases whose words look like a task's without naming one: "with dense ground truth" says what
 * the labels are, not a grounding task.
 */
const notTaskPhrases = /\bground[- ]truths?\b/gi;

/** Words that ask for advice about a task, not name one ("recommendations for", "any tips on"). */
const askingForAdvice =
  /\b(?:any |some |your )?(?:recommendations?|suggestions?|advice|pointers|tips)\s+(?:for|on|about)\b/gi;

/**
 * The first clause's task phrase: a phrase never reaches over a comma or a full stop ("any
 * language works, it's transcribed speech" names no task "works transcribed"). A bare task word
 * ("recognition of who is talking") gives way to a later clause's qualified phrase ("speaker
 * verification"), which says more.
 */
function taskPhraseOf(text: string): string | null {
  // "recommendations for action recognition": the person asks for advice; the task follows.
  const asked = text.replace(askingForAdvice, ' for ').replace(notTaskPhrases, ' , ');
  let bare: string | null = null;
  for (const clause of asked.split(/[,.;:!?()]+/)) {
    const phrase = findTaskPhrase(clause, isFiller);
    if (phrase === null || bareTaskWords.has(phrase.trim().toLowerCase())) continue;
    if (phrase.trim().split(/\s+/).length > 1) return phrase;
    bare ??= phrase;
  }
  return bare;
}

/** The slots a request states, each with its value; `taxonomy` adds the catalog's task names. */
export function extractConstraints(
  given: string,
  options: { taxonomy?: TaskTaxonomy; cue?: TaskCue | null } = {},
): Constraints {
  const text = given.replace(connectives, ' , ');
  const constraints: Constraints = {};
  const task = taskPhraseOf(text) ?? options.taxonomy?.find(text) ?? options.cue?.task ?? null;
  if (task) constraints.task = { value: task, source: 'request' };
  // A cue that settles the kind of data ("hate speech" is text) decides it.
  if (options.cue?.modality)
    constraints.modality = { value: options.cue.modality, source: 'request' };
  for (const [slot, category] of [
    ['modality', 'modality'],
    ['domain', 'domain'],
    ['language', 'language'],
  ] as const) {
    if (constraints[slot]) continue;
    const labels = labelsIn(text, category);
    // Every language named will do ("English-German", "French or Spanish"); one kind, one domain.
    const value = slot === 'language' ? labels.join(', ') : labels[0];
    if (value) constraints[slot] = { value, source: 'request' };
  }
  const length = textLengthPatterns.find(({ pattern }) => pattern.test(text));
  if (length) constraints.textLength = { value: length.value, source: 'request' };
  return constraints;
}

/**
 * An answer that opens by saying any will do, in the languages people write to the tool in ("Peu
 * importe la tâche : recherche d'articles de loi, …", "any task really, e.g. …"): the examples
 * after it illustrate, they do not choose.
 */
const noPreferenceOpening =
  /^\s*(?:no preference|any (?:task|kind|type|domain|language)s?(?: (?:really|at all|is fine|will do))?|doesn'?t matter|does not matter|whatever|don'?t care|peu importe|n'importe (?:laquelle|lequel|quoi)|(?:ist )?egal|da igual|no importa|me da igual|não importa|tanto faz|qualquer(?: uma| um)?|non importa|è uguale|maakt niet uit|无所谓|都可以|都行|どれでも|何でも)(?=[\s:,.;!—–-]|$)/iu;

export function isNoPreference(answer: string): boolean {
  return noPreferencePattern.test(answer) || noPreferenceOpening.test(answer);
}

/** Reads an answer to a question about `slot`: a value, or null for "no preference". */
export function interpretAnswer(options: { slot: Slot; answer: string }): string | null {
  const answer = options.answer.trim().slice(0, 200);
  if (answer === '' || isNoPreference(answer)) return null;
  switch (options.slot) {
    case 'modality':
    case 'domain':
    case 'language': {
      const labels = labelsIn(answer, options.slot, { languageCodes: true });
      return labels.length > 0 ? labels.join(', ') : answer;
    }
    case 'textLength':
      return textLengthPatterns.find(({ pattern }) => pattern.test(answer))?.value ?? answer;
    case 'task':
      return answer;
  }
}
