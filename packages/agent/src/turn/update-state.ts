/**
 * @module The state step: the dialogue state after a dataset request has been read. An answer fills
 * the pending slot; a refinement or correction changes the standing request (never restarts it);
 * a new request starts a fresh state from its words (translated where needed), its slots, its
 * year bounds and the task of a dataset it names.
 */
import type { Dataset } from '@quarry/core';
import { needWordsByToken } from '@quarry/recommender';
import { normalizeName, stem, tokenize } from '@quarry/text';
import { extractConstraints, interpretAnswer } from '../constraint-extraction.js';
import { emptyDialogueState } from '../dialogue-state.js';
import type { DialogueState } from '../dialogue-state.js';
import type { MessageRole } from '../dialogue/message-role.js';
import { withoutSwitchMarker } from '../dialogue/message-role.js';
import { readRefinement } from '../dialogue/read-refinement.js';
import { contentWords } from '../dialogue/refinement-focus.js';
import { refineState } from '../dialogue/refine-state.js';
import { describeSearch } from '../dialogue/search-summary.js';
import type { ConstraintExtractor } from '../language-model/model-constraint-extractor.js';
import { readLicenceWish, withoutLicenceRestatements } from '../dialogue/licence-wish.js';
import type { NamedDatasetFinder } from '../named-dataset.js';
import type { Constraints } from '../slots.js';
import type { TaskTaxonomy } from '../task-taxonomy.js';
import { understandRequest } from '../understanding/understand-request.js';

/** How the state changed, which the decision step reads. */
export type StateChange = 'answered' | 'refined' | 'new-request';

export interface StateUpdate {
  state: DialogueState;
  change: StateChange;
  /** What the reply says about the change ("Searching for: …", "New request: …"). */
  notes: string[];
}

export interface StateContext {
  taxonomy: TaskTaxonomy;
  namedDatasets: NamedDatasetFinder;
  /** The catalog dataset named at the start of a text ("WikiText-103 for pretraining"). */
  findDataset: (text: string) => Dataset | null;
  /** A language model's extraction; it fills only slots the offline extractor left open. */
  constraintExtractor?: ConstraintExtractor | undefined;
}

const yearPattern = /\b(?:before|until|up to|no later than|prior to)\s+((?:19|20)\d{2})\b/i;

/** Finds a catalog dataset by the longest run of leading words that names one. */
export function createDatasetNameLookup(
  catalog: ReadonlyMap<string, Dataset>,
): (text: string) => Dataset | null {
  const byName = new Map<string, Dataset>();
  for (const dataset of catalog.values())
    for (const name of [dataset.id, dataset.name, ...dataset.variants])
      if (!byName.has(normalizeName(name))) byName.set(normalizeName(name), dataset);
  return (text) => {
    const words = text.split(/\s+/);
    for (let count = words.length; count > 0; count--) {
      const found = byName.get(normalizeName(words.slice(0, count).join(' ')));
      if (found) return found;
    }
    return null;
  };
}

/** Fewest words of an answer beyond its slot's value that make it a refinement too. */
const answerRefinementWords = 2;

/**
 * Whether an answer says more than the value it gives its slot ("CT with vertebra-level labels"):
 * words beyond the value's own and beyond those that name a kind of data, language or domain
 * ("CT scans" only answers).
 */
function saysMoreThan(answer: string, value: string | null): boolean {
  const given = new Set(contentWords(value ?? '').map((word) => stem(word.toLowerCase())));
  const tokens = tokenize(answer, { joinHyphenated: false });
  const needs = needWordsByToken(tokens);
  const signalling = new Set(tokens.filter((_, index) => (needs[index] ?? []).length > 0));
  const rest = contentWords(answer).filter(
    (word) => !given.has(stem(word.toLowerCase())) && !signalling.has(word.toLowerCase()),
  );
  return rest.length >= answerRefinementWords;
}

export async function updateState(options: {
  previous: DialogueState | undefined;
  text: string;
  role: MessageRole;
  yearMax: number | undefined;
  context: StateContext;
}): Promise<StateUpdate> {
  const { previous, text, role, context } = options;
  if (previous && role === 'answer' && previous.pending) {
    const slot = previous.pending;
    const understood = understandRequest(text);
    const answer = understood.text;
    const value = interpretAnswer({ slot, answer });
    const answered: DialogueState = {
      ...previous,
      pending: null,
      constraints: { ...previous.constraints, [slot]: { value, source: 'answer' } },
    };
    // A task answer is its task phrase; what it says beyond that is more than an answer.
    const core = slot === 'task' ? (extractConstraints(answer).task?.value ?? null) : value;
    // Read further in English only: another language's answer is read through its concepts.
    if (understood.messageLanguage !== 'en' || !saysMoreThan(answer, core))
      return { change: 'answered', notes: [], state: answered };
    // "Restrict to CT with vertebra-level labels" answers the kind of data and asks for more: the
    // rest is read as a refinement, and datasets are shown rather than another question asked.
    const refined = refineState({
      state: answered,
      message: text,
      correction: false,
      taxonomy: context.taxonomy,
      findDataset: context.findDataset,
    });
    // The task is what the answer names as one ("load disaggregation (NILM)" names none: its
    // words are searched as the focus, not shown twice as a task).
    const state: DialogueState = {
      ...refined,
      constraints: {
        ...refined.constraints,
        [slot]: { value: slot === 'task' ? core : value, source: 'answer' },
      },
    };
    return { change: 'refined', state, notes: [`Searching for: ${describeSearch(state)}.`] };
  }
  if (previous && (role === 'refinement' || role === 'correction')) {
    const state = refineState({
      state: previous,
      message: text,
      correction: role === 'correction',
      taxonomy: context.taxonomy,
      findDataset: context.findDataset,
    });
    return { change: 'refined', state, notes: [`Searching for: ${describeSearch(state)}.`] };
  }
  const state = await newRequestState(withoutSwitchMarker(text), options.yearMax, context);
  const notes =
    previous && previous.request !== '' ? [`New request: ${describeSearch(state)}.`] : [];
  return { change: 'new-request', state, notes };
}

/**
 * The state of a new request: its words (translated where needed), slots, year bounds and what
 * it rules out.
 */
async function newRequestState(
  text: string,
  yearMax: number | undefined,
  context: StateContext,
): Promise<DialogueState> {
  const { taxonomy } = context;
  const year = yearPattern.exec(text)?.[1];
  const licence = readLicenceWish(text);
  const bounds = withoutLicenceRestatements(readRefinement(text), licence);
  // A task or cue named only in what the request rules out is not asked for.
  const asked = bounds.excluded.length > 0 ? bounds.positive : text;
  const understood = understandRequest(asked);
  // An English request that names its task keeps its own words for ranking; a cue (a
  // metric, a setting) or a translation is added only where it is needed to understand it. Its
  // slots come from what it asks for: "machine-translated English captions aren't good enough"
  // names no language it wants.
  const ownWords = extractConstraints(asked, { taxonomy });
  const keepOwnWords =
    understood.messageLanguage === 'en' &&
    ownWords.task !== undefined &&
    understood.cue?.modality === undefined;
  const understoodConstraints = extractConstraints(understood.text, {
    taxonomy,
    cue: understood.cue,
  });
  // In another language the task is read from the English terms alone, so that no foreign
  // words are taken into the task's name ("need question" from "necesito … (question answering)").
  // The kind of data too: the English terms say it ("speech recognition"), while a word the
  // message shares with English may name another ("corpus" is text).
  if (understood.messageLanguage !== 'en' && understood.english.length > 0) {
    const fromEnglish = extractConstraints(understood.english.join(' ; '), {
      taxonomy,
      cue: understood.cue,
    });
    if (fromEnglish.task) understoodConstraints.task = fromEnglish.task;
    if (fromEnglish.modality) understoodConstraints.modality = fromEnglish.modality;
  }
  const constraints: Constraints = {
    ...(context.constraintExtractor ? await context.constraintExtractor(text) : {}),
    ...(keepOwnWords ? ownWords : understoodConstraints),
  };
  return {
    ...emptyDialogueState(),
    request: keepOwnWords ? asked : understood.text,
    constraints: withNamedDatasetTask(constraints, text, context.namedDatasets),
    yearMax: yearMax ?? (year ? Number(year) : (bounds.yearMax ?? null)),
    yearMin: bounds.yearMin ?? null,
    // What a first message rules out ("nothing built from Wikipedia") is not searched for.
    // Terms of use asked for order by what descriptions state (licence-wish.ts).
    focus: licence.wanted === null ? [] : [licence.wanted],
    excluded: licence.ruledOut === null ? bounds.excluded : [...bounds.excluded, licence.ruledOut],
    dropped: bounds.dropped,
  };
}

/** A request that names a catalog dataset ("like ImageNet") states that dataset's task. */
function withNamedDatasetTask(
  constraints: Constraints,
  text: string,
  namedDatasets: NamedDatasetFinder,
): Constraints {
  if (constraints.task !== undefined) return constraints;
  const task = namedDatasets.taskOf(text);
  return task === null ? constraints : { ...constraints, task: { value: task, source: 'request' } };
}
