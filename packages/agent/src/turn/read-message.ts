/**
 * @module The reading step: what a message is before anything changes. It is cleaned and capped,
 * told apart as a question for the papers or a dataset request, its English misspellings are
 * corrected, and its role in the conversation is read: a new request, an answer to the pending
 * question, a refinement of the standing request, or a correction. The wording's role is checked
 * against what the message states (an "answer" that names no value of the asked slot but states
 * another refines; a short "new request" without a task of its own refines).
 */
import { extractConstraints, isNoPreference, labelsIn } from '../constraint-extraction.js';
import type { DialogueState } from '../dialogue-state.js';
import { isClosingMessage } from '../dialogue/closing-message.js';
import { announcesNewRequest, pointsBack, readMessageRole } from '../dialogue/message-role.js';
import type { MessageRole } from '../dialogue/message-role.js';
import { readRefinement } from '../dialogue/read-refinement.js';
import { mentionsLicence } from '../dialogue/refinement-focus.js';
import { sanitizeMessage } from '../message-input.js';
import { classifyMessage } from '../message-intent.js';
import type { MessageIntent } from '../message-intent.js';
import { namesAnnotation } from '../task-lexicon.js';
import type { TaskTaxonomy } from '../task-taxonomy.js';
import { withoutAsides } from '../understanding/asides.js';
import { detectMessageLanguage } from '../understanding/message-language.js';
import { impliedByCue } from '../understanding/task-cues.js';
import { understandRequest } from '../understanding/understand-request.js';
import { stem, tokenize } from '@quarry/text';

/** What the reply says when a message asks about terms of use, which the catalog does not record. */
export const licenceNote =
  'The catalog records a licence only where a dataset’s description states one: I ordered by those and could not check the others, so each dataset’s page gives its terms.';

export interface ReadSettings {
  maxMessageChars: number;
  maxAnswerWords: number;
  maxRefinementWords: number;
}

export type MessageReading =
  /** Nothing to read: empty, emoji or punctuation only. */
  | { kind: 'empty' }
  /** Thanks or approval after a recommendation: the request and what was shown stand. */
  | { kind: 'closing' }
  /** A question for the papers (or a search inside one paper). */
  | {
      kind: 'question';
      intent: Exclude<MessageIntent, { kind: 'dataset-request' }>;
      notes: string[];
    }
  | {
      kind: 'dataset-request';
      /** The message as read: cleaned, capped, misspellings corrected. */
      text: string;
      /** The language the message is written in (ISO 639-1). */
      language: string;
      role: MessageRole;
      /** What the reply says first (a long message cut, misspellings read as). */
      notes: string[];
    };

export function readMessage(options: {
  message: string;
  previous: DialogueState | undefined;
  /** Whether questions about papers can be answered (else every message asks for datasets). */
  answersQuestions: boolean;
  correctSpelling: (text: string) => {
    text: string;
    corrections: readonly { from: string; to: string }[];
  };
  taxonomy: TaskTaxonomy;
  settings: ReadSettings;
}): MessageReading {
  const { previous, settings, taxonomy } = options;
  const input = sanitizeMessage({ message: options.message, maxChars: settings.maxMessageChars });
  if (input.kind === 'empty') return { kind: 'empty' };
  const notes: string[] = input.truncated
    ? [`Your message was long, so I read its first ${settings.maxMessageChars} characters.`]
    : [];
  const recommended =
    previous !== undefined && previous.shown.length > 0 && previous.pending === null;
  if (recommended && isClosingMessage(input.text)) return { kind: 'closing' };
  if (options.answersQuestions) {
    const intent = classifyMessage(input.text);
    if (intent.kind !== 'dataset-request') return { kind: 'question', intent, notes };
  }
  // Misspellings are corrected before anything is read ("detecton" is "detection").
  // Only English is corrected: other languages' words are not typos of English ones.
  const language = detectMessageLanguage(
    input.text,
    previous?.request ? detectMessageLanguage(previous.request) : 'en',
  );
  const spelled =
    language === 'en' ? options.correctSpelling(input.text) : { text: input.text, corrections: [] };
  if (spelled.corrections.length > 0)
    notes.push(
      `Reading ${spelled.corrections.map(({ from, to }) => `“${from}” as “${to}”`).join(', ')}.`,
    );
  // "no pasa nada" (no problem), "traducido del inglés": words that state nothing (asides.ts).
  const text = withoutAsides(spelled.text);
  if (mentionsLicence(text)) notes.push(licenceNote);
  const worded = readMessageRole({
    message: text,
    standing: previous !== undefined && previous.request !== '',
    pending: previous?.pending !== null && previous?.pending !== undefined,
    maxAnswerWords: settings.maxAnswerWords,
    maxRefinementWords: settings.maxRefinementWords,
  });
  const role = settleRole({ role: worded, text, previous, taxonomy });
  return { kind: 'dataset-request', text, language, role, notes };
}

/**
 * The wording's reading checked against what the message states: an "answer" about a kind of
 * data, language or domain that names none but states something else refines the request; a
 * "new request" that names no task of its own and announces no new topic refines it too.
 */
export function settleRole(options: {
  role: MessageRole;
  text: string;
  previous: DialogueState | undefined;
  taxonomy: TaskTaxonomy;
}): MessageRole {
  const { role, text, previous, taxonomy } = options;
  if (!previous || previous.request === '') return role;
  // What the message rules out ("not by BLEU against a reference") states nothing it asks for.
  const changes = readRefinement(text);
  const understood = understandRequest(changes.excluded.length > 0 ? changes.positive : text);
  const states = extractConstraints(understood.text, { taxonomy, cue: understood.cue });
  if (role === 'answer' && previous.pending && previous.pending !== 'task') {
    const slot = previous.pending;
    const answers =
      isNoPreference(text) ||
      slot === 'textLength' ||
      labelsIn(understood.text, slot, { languageCodes: true }).length > 0;
    if (!answers && Object.keys(states).length > 0) return 'refinement';
  }
  // An "answer" to the task question that names no task but a language or kind of data ("with
  // Spanish audio, please") refines the request; the task stays open.
  if (role === 'answer' && previous.pending === 'task' && states.task === undefined) {
    if (states.language !== undefined || states.modality !== undefined) return 'refinement';
  }
  // A follow-up that names no task of its own and announces no new topic goes on about the
  // standing request, however long ("I want it in Korean"; "I should add that it needs to be
  // first-person footage …"); a task only implied by a cue ("burned by the sim-to-real gap") is
  // no request of its own.
  // A cue whose task the message says in its own words ("detecting hate speech": Hate Speech
  // Detection) names that task; one it only implies (the sim-to-real gap) does not.
  const cueTask = understood.cue?.task ?? null;
  const own = new Set(tokenize(text).map(stem));
  const saysCueTask = cueTask !== null && tokenize(cueTask).every((word) => own.has(stem(word)));
  // A task phrase of the message's own, of another family than the standing task's, that the
  // taxonomy accepts.
  const statedTask = states.task?.value ?? null;
  // The annotation asked for ("semantic labels on top would be a plus") describes the data.
  const statesOwnTask = (accepted: (task: string) => boolean): boolean =>
    statedTask !== null &&
    !impliedByCue(statedTask, understood.cue) &&
    !namesAnnotation(statedTask) &&
    accepted(statedTask) &&
    !sameTaskFamily(statedTask, previous.constraints.task?.value);
  const namesTask = saysCueTask
    ? !sameTaskFamily(cueTask, previous.constraints.task?.value)
    : // A task phrase no catalog task has ("the goal is generating …" reads "goal generating") is
      // a word in passing, not a request of its own.
      statesOwnTask((task) => taxonomy.find(task) !== null);
  if (role === 'new-request' && !announcesNewRequest(text) && !namesTask) return 'refinement';
  // A short follow-up that names a task of another family in a setting of its own ("legal
  // document summarization" after sentiment analysis of financial news) is a new request: it keeps
  // nothing of the standing one, unless it points back at it ("the same for legal documents").
  // Its task may be one no catalog name holds whole but ends like one ("… summarization").
  const namesOtherTask =
    namesTask || (!saysCueTask && statesOwnTask((task) => taxonomy.endsLikeTask(task)));
  if (role === 'refinement' && namesOtherTask && statesOtherSetting(states, previous)) {
    if (!pointsBack(text) && !keepsOn.test(text)) return 'new-request';
  }

  return role;
}

/** Words that carry the standing request on into a new task ("the same", "instead", "as well"). */
const keepsOn = /\b(?:same|instead|also|too|as well|again)\b/i;

/** Whether the message states a domain or kind of data in place of the standing request's. */
function statesOtherSetting(
  states: ReturnType<typeof extractConstraints>,
  previous: DialogueState,
): boolean {
  return (['domain', 'modality'] as const).some((slot) => {
    const stated = states[slot]?.value;
    const standing = previous.constraints[slot]?.value;
    return (
      typeof stated === 'string' &&
      typeof standing === 'string' &&
      stated.toLowerCase() !== standing.toLowerCase()
    );
  });
}

/**
 * Whether two tasks are one family: the words of one are among the other's ("questions" and
 * "question answering", "object detection" and "3D object detection"), so a follow-up that names
 * it goes on about the standing request. "Anomaly detection" and "object detection" are not.
 */
export function sameTaskFamily(
  task: string | null | undefined,
  standing: string | null | undefined,
): boolean {
  if (!task || !standing) return false;
  const words = (text: string) => new Set(tokenize(text).map(stem));
  const [one, other] = [words(task), words(standing)];
  if (one.size === 0 || other.size === 0) return false;
  const within = (a: Set<string>, b: Set<string>) => [...a].every((word) => b.has(word));
  return within(one, other) || within(other, one);
}
