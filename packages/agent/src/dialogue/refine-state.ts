/**
 * @module A refinement or correction applied to the standing request: the slots it states replace
 * theirs (the replaced value's words are no longer searched for), the slots it drops are cleared,
 * its year bounds, ruled-out phrases and focus are added. A correction restates what was meant,
 * so its focus replaces the earlier ones. The request itself is kept: refining never restarts.
 */
import { stem, tokenize } from '@quarry/text';
import { needWordsByToken } from '@quarry/recommender';
import { extractConstraints, labelsIn } from '../constraint-extraction.js';
import { escapeRegExp } from '@quarry/text';
import type { DialogueState } from '../dialogue-state.js';
import { slots } from '../slots.js';
import type { Constraints } from '../slots.js';
import { namesAnnotation, namesTaskAlone } from '../task-lexicon.js';
import type { TaskTaxonomy } from '../task-taxonomy.js';
import { splitClausesOfNoUse, splitNegated } from '../understanding/negated-phrases.js';
import { impliedByCue } from '../understanding/task-cues.js';
import { domainWords } from '../understanding/vocabulary-domains.js';
import { detectMessageLanguage } from '../understanding/message-language.js';
import { understandRequest } from '../understanding/understand-request.js';
import type { UnderstoodRequest } from '../understanding/understand-request.js';
import { readCorrection } from './message-role.js';
import { contentWords, readRefinement } from './read-refinement.js';
import type { Refinement } from './read-refinement.js';
import { compareWith } from './dataset-comparisons.js';
import { readLicenceWish, withoutLicenceRestatements } from './licence-wish.js';
import { withStandingObject } from './task-heads.js';
import {
  changesTask,
  leftKindsAfter,
  leftTasksAfter,
  requestWordsLeftBehind,
} from './request-left-behind.js';
import { kindFamily } from './refined-candidates.js';
import { namesReadings, onlyScopeWords, wordsSignalling } from './slot-words.js';
import type { Dataset } from '@quarry/core';

/** Task words that name what the data holds, not a task ("answers", "captions"), as stems. */
const dataArtifacts: ReadonlySet<string> = new Set(
  ['answer', 'answers', 'question', 'questions', 'caption', 'captions', 'summary', 'summaries'].map(
    (word) => stem(word),
  ),
);

/** `focus` without the words that name a language ("english", "deutsch"). */
function withoutLanguageWords(focus: string): string {
  return focus
    .split(' ')
    .filter((word) => {
      const tokens = tokenize(word, { joinHyphenated: false });
      const needs = needWordsByToken(tokens);
      return !needs.some((words) => words.some((need) => need.category === 'language'));
    })
    .join(' ');
}

/**
 * What a negated phrase of another language rules out: the kinds of data and domains it names,
 * else its dictionary words ("Musik": music). A task is never ruled out by its words ("not
 * segmentation, detection" changes the task; most detection datasets also say segmentation),
 * nor a language (the language slot says which one is wanted).
 */
function ruledOutConcepts(negated: UnderstoodRequest): string[] {
  if (negated.concepts.length > 0) {
    // "pas de textes juridiques": the domain qualifies the kind of data, so legal texts are out,
    // not every text; a kind of data alone ("keine Bilder") is out as a whole.
    const domains = negated.concepts.filter((concept) => concept.kind === 'domain');
    const kinds = negated.concepts.filter((concept) => concept.kind === 'modality');
    if (domains.length > 0) return domains.map((concept) => domainWords(concept.english).join('/'));
    return kinds.map((concept) => concept.english);
  }
  return negated.english.filter((word) => contentWords(word).length > 0).slice(0, 2);
}

/**
 * A correction contrasts what was meant with what was said ("depth estimation, not
 * segmentation"): a contrasted task the standing request named is taken back, not ruled out (most
 * depth datasets also say segmentation); any other contrasted phrase ("not roads", "not audio")
 * is still ruled out. The phrase the person says they wrote ("I wrote X but meant Y") is taken
 * back too.
 */
function restatedNotRuledOut(options: {
  refinement: Refinement;
  state: DialogueState;
  takenBack: string;
  taxonomy: TaskTaxonomy;
}): Refinement {
  const { refinement, state } = options;
  const said = new Set(
    contentWords(`${state.request} ${state.constraints.task?.value ?? ''}`).map((word) =>
      stem(word),
    ),
  );
  const restatesTask = (phrase: string) => {
    const words = contentWords(phrase);
    return (
      words.length > 0 &&
      words.every((word) => said.has(stem(word))) &&
      options.taxonomy.find(phrase) !== null
    );
  };
  return {
    ...refinement,
    excluded: refinement.excluded.filter((phrase) => !restatesTask(phrase)),
    dropped: [...refinement.dropped, ...contentWords(options.takenBack)],
  };
}

/**
 * Whether a message offers two of the languages it names together ("German or Japanese",
 * "English–Vietnamese", "French, Spanish") rather than one in place of another.
 */
function coordinatesLanguages(message: string, labels: readonly string[]): boolean {
  const text = message.toLowerCase();
  return labels.some((left) =>
    labels.some(
      (right) =>
        left !== right &&
        new RegExp(
          `${escapeRegExp(left.toLowerCase())}\\s*(?:,|/|&|\\+|-|\u2013|\u2014|\\bor\\b|\\band\\b)\\s*${escapeRegExp(right.toLowerCase())}`,
          'u',
        ).test(text),
    ),
  );
}

/** The year bounds after a refinement: a new bound that contradicts the other replaces both. */
function yearBounds(
  state: DialogueState,
  refinement: { yearMin?: number | null; yearMax?: number | null },
): { yearMin: number | null; yearMax: number | null } {
  let yearMin = refinement.yearMin === undefined ? state.yearMin : refinement.yearMin;
  let yearMax = refinement.yearMax === undefined ? state.yearMax : refinement.yearMax;
  if (yearMin !== null && yearMax !== null && yearMin > yearMax) {
    // "before 2010" then "2019 or later": the newer statement wins.
    if (refinement.yearMin !== undefined) yearMax = null;
    else yearMin = null;
  }
  return { yearMin, yearMax };
}

export function refineState(options: {
  state: DialogueState;
  message: string;
  correction: boolean;
  taxonomy: TaskTaxonomy;
  /** The catalog dataset a name refers to ("WikiText-103"), for comparisons. */
  findDataset: (name: string) => Dataset | null;
}): DialogueState {
  const { state } = options;
  const correction = options.correction ? readCorrection(options.message) : null;
  // A message with no word that tells its language is in the conversation's.
  const messageLanguage = detectMessageLanguage(
    options.message,
    detectMessageLanguage(state.request),
  );
  // A clause said to be of no use in another language ("…, no me sirven") is set apart first:
  // the English rules would read its "no" as a negation of the words after it.
  const noUse = splitClausesOfNoUse(
    correction ? correction.text : options.message,
    messageLanguage,
  );
  const message = noUse.positive;
  // Terms of use: those whose description says an open licence first, those that forbid
  // commercial use out, when asked (licence-wish.ts); the words that ask take nothing back.
  const licence = readLicenceWish(options.message);
  const refinement = withoutLicenceRestatements(
    correction
      ? restatedNotRuledOut({
          refinement: readRefinement(message),
          state,
          takenBack: correction.takenBack,
          taxonomy: options.taxonomy,
        })
      : readRefinement(message),
    licence,
  );
  // What the message rules out ("not by BLEU against a reference") states nothing it asks for.
  // The language is read from the whole message: what is left of a correction ("graph
  // classification (one label per graph)") is too short to tell English from Italian.
  const whole = understandRequest(refinement.excluded.length > 0 ? refinement.positive : message, {
    language: messageLanguage,
  });
  const english = whole.messageLanguage === 'en';
  // In another language what a negation governs ("keine Musik") is ruled out, not asked for.
  const negation = splitNegated(refinement.positive, whole.messageLanguage);
  const understood =
    english || negation.negated.length === 0
      ? whole
      : understandRequest(negation.positive, { language: whole.messageLanguage });
  const ruledOut = [...noUse.negated, ...negation.negated].flatMap((phrase) =>
    ruledOutConcepts(understandRequest(phrase, { language: whole.messageLanguage })),
  );
  // Another language is read through its English concepts; English through its own words.
  // A domain is asked for in any of its words ("medical/biomedical/clinical").
  // A language goes to its slot, not to the focus; so does a kind of data the request already
  // holds ("読み上げ音声" after a speech request: as a required phrase "speech audio" would keep
  // only datasets saying "audio"). A new kind ("Solo video") stays in the focus too.
  const standingKind = kindFamily(state.constraints.modality?.value ?? '');
  const conceptWords = understood.concepts
    .filter(
      (concept) =>
        concept.kind !== 'language' &&
        !(concept.kind === 'modality' && kindFamily(concept.english) === standingKind),
    )
    .map((concept) =>
      concept.kind === 'domain' ? domainWords(concept.english).join('/') : concept.english,
    )
    .join(' ');
  const allConcepts = [
    ...understood.concepts.map((concept) => concept.english),
    ...understood.english,
  ].join(' ');
  const slotText = english ? `${refinement.positive} ${allConcepts}` : allConcepts;
  const stated: Constraints =
    slotText.trim() === ''
      ? {}
      : extractConstraints(slotText, { taxonomy: options.taxonomy, cue: understood.cue });
  // "captured by the ROSIS sensor" names what takes the images asked for: "sensor" alone does
  // not turn a standing kind of data into sensor readings.
  if (
    stated.modality?.value === 'Time series' &&
    state.constraints.modality !== undefined &&
    kindFamily(state.constraints.modality.value ?? '') !== kindFamily('Time series') &&
    !namesReadings(slotText)
  )
    delete stated.modality;
  // In another language the dictionaries' words have many senses ("moet" is not "spot"): a task
  // is changed only by a task the vocabulary or a cue names.
  if (!english) {
    const named = [
      ...understood.concepts.filter((concept) => concept.kind === 'task').map((c) => c.english),
      ...(understood.cue ? [understood.cue.task] : []),
    ];
    const task =
      named.length === 0
        ? undefined
        : extractConstraints(named.join(' ; '), { taxonomy: options.taxonomy, cue: understood.cue })
            .task;
    if (task) stated.task = task;
    else delete stated.task;
  }
  // A task only implied by a cue ("burned by the sim-to-real gap") does not replace a task the
  // request named ("grasp detection").
  if (
    state.constraints.task !== undefined &&
    stated.task !== undefined &&
    impliedByCue(stated.task.value, understood.cue)
  )
    delete stated.task;
  // A task no more specific than the standing one ("segmentation" after "semantic segmentation")
  // does not replace it, nor does one word that only names again what the request said ("the
  // dialogues need to be in Chinese" after "conversational recommendation … dialogues").
  const standingTask = state.constraints.task?.value;
  // Words for what the data holds rather than what is done with it ("answers can be
  // unanswerable", "with captions") describe the data and leave the standing task.
  // So does the annotation asked for ("per-point semantic labels").
  const taskWords = contentWords(stated.task?.value ?? '').map((word) => word.toLowerCase());
  if (
    standingTask &&
    taskWords.length > 0 &&
    (taskWords.every((word) => dataArtifacts.has(stem(word))) ||
      namesAnnotation(stated.task?.value ?? ''))
  )
    delete stated.task;
  // One word that names no task by itself ("anything similar with video", "a course project on
  // anomaly-based IDS") leaves the standing task too.
  if (standingTask && taskWords.length === 1 && !namesTaskAlone(taskWords[0] ?? ''))
    delete stated.task;
  if (stated.task?.value && standingTask) {
    const newWords = contentWords(stated.task.value);
    const standingText = newWords.length > 1 ? standingTask : `${standingTask} ${state.request}`;
    const standingWords = new Set(contentWords(standingText).map((word) => stem(word)));
    if (newWords.every((word) => standingWords.has(stem(word)))) delete stated.task;
  }
  // A bare task word keeps what the standing task was about (task-heads.ts); a correction says
  // what was meant in full.
  if (!options.correction && stated.task?.value && standingTask)
    stated.task = { ...stated.task, value: withStandingObject(stated.task.value, standingTask) };
  // "French or Spanish": every language named will do.
  const named = labelsIn(slotText, 'language');
  // The language the request had, named beside a new one that is not offered with it ("I had
  // German on the brain, the language is Japanese"), is replaced rather than kept.
  const standing = new Set(
    (state.constraints.language?.value ?? '').toLowerCase().split(/\s*,\s*/),
  );
  const fresh = named.filter((label) => !standing.has(label.toLowerCase()));
  const languages =
    fresh.length > 0 && fresh.length < named.length && !coordinatesLanguages(options.message, named)
      ? fresh
      : named;
  if (languages.length > 1) stated.language = { value: languages.join(', '), source: 'refinement' };
  else if (languages.length === 1 && named.length > 1)
    stated.language = { value: languages[0] ?? '', source: 'refinement' };
  // A language allowed rather than asked for ("multilingual is fine, doesn't have to be English")
  // widens: it filters nothing.
  const allowedWords = new Set(refinement.lifted.map((word) => stem(word.toLowerCase())));
  if (
    stated.language?.value &&
    contentWords(stated.language.value).every((word) => allowedWords.has(stem(word.toLowerCase())))
  )
    delete stated.language;
  // A language goes to its slot, not to the focus.
  const spokenFocus = withoutLanguageWords(english ? refinement.focus : conceptWords);
  // "it doesn't have to be twitter, any short social media posts work": after something is taken
  // back, "any" and a scope said only in the slots' words (social media, short) and words for
  // data in general (posts) widen the request; they put no datasets first.
  const isWidened =
    (refinement.dropped.length > 0 || refinement.droppedSlots.length > 0) &&
    /\bany\b/i.test(options.message);
  const focusText = isWidened && onlyScopeWords(spokenFocus) ? '' : spokenFocus;
  const constraints: Constraints = { ...state.constraints };
  const dropped = [...state.dropped, ...refinement.dropped];
  for (const slot of slots) {
    const value = stated[slot];
    if (!value) continue;
    const previous = constraints[slot]?.value;
    if (previous && previous.toLowerCase() !== value.value?.toLowerCase()) {
      // The replaced value's own words ("Spanish", "verification") are no longer searched for,
      // except a word of a replaced task that names the kind of data still asked for ("audio"
      // of "audio classifier" when it becomes detection).
      const kept = new Set(
        [
          ...contentWords(value.value ?? ''),
          ...(slot === 'task' && constraints.modality ? wordsSignalling(previous, 'modality') : []),
        ].map((word) => stem(word.toLowerCase())),
      );
      dropped.push(...contentWords(previous).filter((word) => !kept.has(stem(word.toLowerCase()))));
    }
    constraints[slot] = { value: value.value, source: 'refinement' };
  }
  // Another task: the request's words nothing still stands for stop ranking, and the datasets
  // of the task left go last (request-left-behind.ts).
  const leavesTask = !options.correction && changesTask(standingTask, constraints.task?.value);
  if (leavesTask)
    dropped.push(
      ...requestWordsLeftBehind({
        request: state.request,
        previousTask: standingTask,
        constraints,
        message: options.message,
      }),
    );
  // A lifted word that is a standing value ("it doesn't need to be news": the domain News) lifts
  // its slot too, or the value would keep ranking.
  const lifted = new Set(refinement.dropped.map((word) => stem(word.toLowerCase())));
  // So does a lifted word of the request that signalled the slot ("it doesn't have to be tweets":
  // the domain Social media, read from "tweets").
  const liftedSlots = slots.filter((slot) => {
    const words = contentWords(constraints[slot]?.value ?? '');
    if (stated[slot] || words.length === 0) return false;
    return (
      words.every((word) => lifted.has(stem(word))) ||
      (slot === 'domain' &&
        wordsSignalling(state.request, slot).some((word) => lifted.has(stem(word.toLowerCase()))))
    );
  });
  for (const slot of [...new Set([...refinement.droppedSlots, ...liftedSlots])]) {
    const previous = constraints[slot]?.value;
    if (previous) dropped.push(...contentWords(previous));
    dropped.push(...wordsSignalling(state.request, slot));
    delete constraints[slot];
  }
  const liftedWords = new Set(refinement.lifted.map((word) => stem(word.toLowerCase())));
  // A word asked for again is searched for again.
  const focusWords = new Set(contentWords(focusText).map((word) => stem(word)));
  const focus = focusText ? [...(options.correction ? [] : state.focus), focusText] : state.focus;
  // What was taken back is no longer required; a correction restates what is required.
  const takenBack = new Set(dropped.map((word) => stem(word.toLowerCase())));
  // A standing task loses the words taken back ("english swahili translation", Zulu instead of
  // Swahili: "translation"), unless none would be left.
  const task = constraints.task;
  if (task?.value && !stated.task) {
    const words = task.value.split(/\s+/);
    const kept = words.filter((word) => !takenBack.has(stem(word.toLowerCase())));
    if (kept.length > 0 && kept.length < words.length)
      constraints.task = { ...task, value: kept.join(' ') };
  }
  const stillRequired = (options.correction ? [] : state.required).filter(
    (phrase) => !contentWords(phrase).some((word) => takenBack.has(stem(word))),
  );
  const required =
    focusText && (refinement.strict || options.correction)
      ? [...stillRequired, focusText]
      : stillRequired;
  const compared = compareWith({ refinement, findDataset: options.findDataset });
  const bounds = yearBounds(state, { ...refinement, ...compared.years });
  return {
    ...state,
    constraints,
    pending: null,
    focus:
      licence.wanted === null || focus.includes(licence.wanted)
        ? focus
        : [...focus, licence.wanted],
    required,
    excluded: [
      ...new Set([
        // A phrase ruled out before and asked for now ("had that backwards: simulated") or
        // allowed again ("synthetic is fine") is not.
        ...state.excluded.filter((phrase) => {
          const words = contentWords(phrase).map((word) => stem(word));
          return !words.every((word) => focusWords.has(word) || liftedWords.has(word));
        }),
        ...refinement.excluded.filter((phrase) => !namesOnlyKind(phrase, constraints)),
        ...ruledOut,
        ...compared.excluded,
        ...(licence.ruledOut === null ? [] : [licence.ruledOut]),
      ]),
    ],
    dropped: [...new Set(dropped)].filter((word) => !focusWords.has(stem(word))),
    ...bounds,
    size: compared.size ?? (refinement.size === undefined ? state.size : refinement.size),
    leftTasks: leftTasksAfter(state.leftTasks, leavesTask ? standingTask : undefined, constraints),
    leftKinds: leftKindsAfter({
      before: state.leftKinds,
      previous: stated.modality ? state.constraints.modality?.value : null,
      now: constraints.modality?.value,
      narrows: refinement.strict || options.correction,
    }),
  };
}

/**
 * Whether a phrase ruled out is nothing but the kind of data the request stands on ("not clear
 * images with fog rendered on top" cut to "images" in a request for images): a description that
 * was cut short, not the kind ruled out.
 */
function namesOnlyKind(phrase: string, constraints: Constraints): boolean {
  const kind = constraints.modality?.value;
  if (!kind || contentWords(phrase).length !== 1) return false;
  return labelsIn(phrase, 'modality').some((label) => kindFamily(label) === kindFamily(kind));
}
