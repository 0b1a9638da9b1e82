/**
 * @module The dataset agent's dialogue manager: reads a message against the explicit dialogue
 * state, asks the clarifying question worth asking (clarification-policy.ts) or recommends 3 to 5
 * catalog datasets with why they fit and sentences from papers that use them; a question about
 * papers is answered with the sentences that answer it (message-intent.ts). Ranking and citing
 * stay here, deterministic; a language model may only phrase (never names a dataset itself).
 */
import type { Dataset } from '@quarry/core';
import type {
  DatasetRecommendation,
  DatasetRecommender,
  RecommendFilters,
} from '@quarry/recommender';
import type { AgentReply, Citation, DatasetCard } from './agent-reply.js';
import { defaultClarificationSettings, nextClarifyingQuestion } from './clarification-policy.js';
import type { ClarificationSettings, ClarifyingQuestion } from './clarification-policy.js';
import { answeredFilters } from './answered-filters.js';
import { candidateLabels } from './candidate-facets.js';
import {
  extractConstraints,
  interpretAnswer,
  isNoPreference,
  labelsIn,
} from './constraint-extraction.js';
import { emptyDialogueState } from './dialogue-state.js';
import { detectMessageLanguage } from './understanding/message-language.js';
import { understandRequest } from './understanding/understand-request.js';
import { createTaskTaxonomy } from './task-taxonomy.js';
import type { DialogueState } from './dialogue-state.js';
import type { ConstraintExtractor } from './language-model/model-constraint-extractor.js';
import type { ReplyPhraser } from './language-model/model-reply-phraser.js';
import {
  announcesNewRequest,
  readMessageRole,
  withoutSwitchMarker,
} from './dialogue/message-role.js';
import type { MessageRole } from './dialogue/message-role.js';
import { createCatalogTerms, orderByRefinements } from './dialogue/refined-candidates.js';
import { loadBilingualLexicon } from './understanding/bilingual-lexicon.js';
import { readRefinement } from './dialogue/read-refinement.js';
import { refineState } from './dialogue/refine-state.js';
import { describeSearch } from './dialogue/search-summary.js';
import { classifyMessage } from './message-intent.js';
import { sanitizeMessage } from './message-input.js';
import { createNamedDatasetFinder } from './named-dataset.js';
import { answerFromPapers } from './paper-answer-reply.js';
import type { PaperAnswerSource } from './paper-answer-reply.js';
import { analyze, normalizeName, stem, tokenize } from '@quarry/text';
import { slots } from './slots.js';
import type { Constraints } from './slots.js';

/** Finds sentences from indexed papers that mention a dataset. */
export interface CitationSource {
  citationsFor(options: { dataset: Dataset; limit: number }): Promise<Citation[]>;
}

export interface AgentSettings {
  /** Candidates the policy looks at to decide whether a slot splits them. */
  candidatePool: number;
  /** Datasets recommended per answer (3 to 5). */
  recommendCount: number;
  /** The next best datasets a recommendation carries besides, for "Show more" (0: none). */
  moreCount: number;
  /** Citations per dataset card. */
  citationsPerDataset: number;
  /** Sentences quoted in answer to a question about papers. */
  answersPerQuestion: number;
  /** Longer messages are cut to this many characters, and the user is told. */
  maxMessageChars: number;
  /** A reply to a clarifying question longer than this many words is read as a new request. */
  maxAnswerWords: number;
  /**
   * A message after a recommendation with at most this many words (and no new-request opening)
   * refines the standing request instead of replacing it.
   */
  maxRefinementWords: number;
  /** Candidates a refined request is re-ordered from (year bounds, focus, ruled-out phrases). */
  refinementPool: number;
  /** Candidates saying at least this share of the best focus score come first… */
  focusShare: number;
  /** …and after "only …", only those saying this share of it are shown. */
  strictFocusShare: number;
  /** Candidates (best first) that a refinement's words can move up or keep. */
  focusPool: number;
  /**
   * When at least this many candidates declare a task named in a refinement or correction, only
   * they are shown; with fewer, they come first and the others follow.
   */
  refinedTaskMinimum: number;
  /**
   * A data language or kind of data stated in the request reorders the candidates: that language
   * first (or a plain "the catalog has none"), contradicting kinds of data last.
   */
  keepStatedConstraints: boolean;
  /**
   * Sentences are presented as answering a question only when the best one's relevance reaches
   * this; below it they are shown as related sentences. Calibrated for the shipped encoder on the
   * in-paper dev questions: at cosine 0.4 or more the answer was among the top five 93% of the
   * time, below it 45%.
   */
  answerMinRelevance: number;
  /** Indexed papers offered instead when a question names a paper that is not indexed. */
  closestPapersOffered: number;
  clarification: ClarificationSettings;
}

export const defaultAgentSettings: AgentSettings = {
  candidatePool: 20,
  recommendCount: 5,
  moreCount: 5,
  citationsPerDataset: 2,
  answersPerQuestion: 3,
  maxMessageChars: 2000,
  maxAnswerWords: 25,
  maxRefinementWords: 12,
  refinementPool: 60,
  focusShare: 0.5,
  strictFocusShare: 0.6,
  focusPool: 20,
  refinedTaskMinimum: 1,
  keepStatedConstraints: true,
  answerMinRelevance: 0.4,
  closestPapersOffered: 3,
  clarification: defaultClarificationSettings,
};

export interface AgentTurn {
  state: DialogueState;
  reply: AgentReply;
}

export interface DatasetAgent {
  /** `yearMax` limits a new request to datasets introduced by then (the benchmark's year filter). */
  respond(options: {
    state?: DialogueState;
    message: string;
    yearMax?: number;
  }): Promise<AgentTurn>;
  /** The query the recommender gets for a state: the request plus every answered value. */
  effectiveQuery(state: DialogueState): string;
  /** The dataset ids the agent would recommend now, without asking anything more. */
  recommendNow(options: { state: DialogueState }): Promise<string[]>;
  /**
   * Builds now what the agent otherwise builds on first use (the catalog's term index, the
   * bilingual lexicon), so a server's first refinement or non-English message does not stall.
   */
  prepare(): void;
}

const yearPattern = /\b(?:before|until|up to|no later than|prior to)\s+((?:19|20)\d{2})\b/i;

export { looksLikeNewRequest } from './dialogue/message-role.js';

/** Task words too general to say two tasks are one ("classification", "detection"). */
const genericTaskTerms = new Set(
  analyze('classification detection recognition generation prediction analysis learning task'),
);

/** `text` without the words whose stem is one of `words`' stems. */
function withoutWords(text: string, words: readonly string[]): string {
  if (words.length === 0) return text;
  const stems = new Set(words.map((word) => stem(word.toLowerCase())));
  return text
    .split(/(\s+)/)
    .filter((part) => {
      const tokens = tokenize(part, { joinHyphenated: false });
      return tokens.length === 0 || !tokens.every((token) => stems.has(stem(token)));
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

export function createDatasetAgent(options: {
  recommender: DatasetRecommender;
  catalog: ReadonlyMap<string, Dataset>;
  citations?: CitationSource;
  /** Answers questions about papers; without it every message is read as a dataset request. */
  answers?: PaperAnswerSource;
  /** Task names beyond the catalog's own (e.g. the shipped starter catalog's) for the taxonomy. */
  taskNames?: Iterable<string>;
  /** A language model's extraction; it fills only slots the offline extractor left open. */
  constraintExtractor?: ConstraintExtractor;
  /** A language model's phrasing of a reply's lead sentence (recommendations only). */
  phraser?: ReplyPhraser;
  settings?: Partial<AgentSettings>;
}): DatasetAgent {
  const settings = { ...defaultAgentSettings, ...options.settings };
  const { recommender, catalog } = options;
  const taxonomy = createTaskTaxonomy([
    ...[...catalog.values()].flatMap((dataset) => dataset.tasks),
    ...(options.taskNames ?? []),
  ]);
  const namedDatasets = createNamedDatasetFinder(catalog.values());

  /** A request that names a catalog dataset ("like ImageNet") states that dataset's task. */
  const withNamedDatasetTask = (constraints: Constraints, text: string): Constraints => {
    if (constraints.task !== undefined) return constraints;
    const task = namedDatasets.taskOf(text);
    return task === null
      ? constraints
      : { ...constraints, task: { value: task, source: 'request' } };
  };

  const catalogTerms = createCatalogTerms(catalog);
  const byName = new Map<string, Dataset>();
  for (const dataset of catalog.values())
    for (const name of [dataset.id, dataset.name, ...dataset.variants])
      if (!byName.has(normalizeName(name))) byName.set(normalizeName(name), dataset);
  /** The catalog dataset named at the start of `text` ("WikiText-103 for pretraining"). */
  const findDataset = (text: string): Dataset | null => {
    const words = text.split(/\s+/);
    for (let count = words.length; count > 0; count--) {
      const found = byName.get(normalizeName(words.slice(0, count).join(' ')));
      if (found) return found;
    }
    return null;
  };

  /** The request without the words the user took back, then every answered or refined value. */
  const effectiveQuery = (state: DialogueState): string => {
    const added = slots
      .map((slot) => state.constraints[slot])
      .filter((value) => value !== undefined && value.source !== 'request' && value.value !== null)
      .map((value) => value?.value ?? '');
    return [withoutWords(state.request, state.dropped), ...added, ...state.focus].join(' ').trim();
  };

  /** Whether the state has refinements that re-order a wider pool of candidates. */
  const refined = (state: DialogueState) =>
    state.focus.length > 0 ||
    state.excluded.length > 0 ||
    state.yearMin !== null ||
    state.size !== null;

  const rank = (state: DialogueState, limit: number, filters: RecommendFilters | null) =>
    recommender.recommend({
      query: effectiveQuery(state),
      limit: refined(state) ? Math.max(limit, settings.refinementPool) : limit,
      ...(state.yearMax === null ? {} : { yearMax: state.yearMax }),
      ...(filters ? { filters } : {}),
    });

  /** Whether `datasetId` declares `language` and, when a task is stated, a task that matches it. */
  const keepsLanguage = (datasetId: string, language: string, task: string | null): boolean => {
    const dataset = catalog.get(datasetId);
    if (!dataset) return false;
    // A value may name several languages ("French, Spanish"): any of them will do.
    const wanted = language.toLowerCase().split(/\s*,\s*/);
    // Declared languages, else those its description names for its data ("10,828 Arabic tweets"):
    // most catalog records (the Papers with Code collection) declare none.
    const declares = candidateLabels(dataset, 'language').some((label) =>
      wanted.includes(label.toLowerCase()),
    );
    if (!declares || task === null) return declares;
    const wantedTask = task.toLowerCase();
    // A task read from the request may carry the language's name ("spanish named entity …").
    const languageTerms = new Set(analyze(language));
    const wantedTerms = new Set(analyze(task).filter((term) => !languageTerms.has(term)));
    // A dataset that declares no task must name a content word of the task in its own words.
    if (dataset.tasks.length === 0) {
      return analyze(`${dataset.name}. ${dataset.description}`).some(
        (term) => wantedTerms.has(term) && !genericTaskTerms.has(term),
      );
    }
    // The task matches when a declared task contains it, or shares a content word with it.
    return dataset.tasks.some((name) => {
      const own = name.toLowerCase();
      return (
        own.includes(wantedTask) ||
        wantedTask.includes(own) ||
        analyze(name).some((term) => wantedTerms.has(term) && !genericTaskTerms.has(term))
      );
    });
  };

  /** Whether `datasetId` declares languages and `language` is not one of them. */
  const declaresOtherLanguage = (datasetId: string, language: string): boolean => {
    const declared = catalog.get(datasetId)?.languages ?? [];
    const wanted = language.toLowerCase().split(/\s*,\s*/);
    return declared.length > 0 && !declared.some((name) => wanted.includes(name.toLowerCase()));
  };

  /** Whether the data of `datasetId` is in some language (text, speech), as far as is known. */
  const bearsLanguage = (datasetId: string): boolean => {
    const dataset = catalog.get(datasetId);
    return dataset !== undefined && candidateLabels(dataset, 'language').length > 0;
  };

  /** Whether `datasetId` declares a task that contains `task` or is contained in it. */
  const declaresTask = (datasetId: string, task: string): boolean => {
    const wanted = task.toLowerCase();
    return (catalog.get(datasetId)?.tasks ?? []).some((name) => {
      const own = name.toLowerCase();
      return own.includes(wanted) || wanted.includes(own);
    });
  };

  /** Whether `dataset` declares kinds of data and none of them is `modality`. */
  const contradictsModality = (datasetId: string, modality: string): boolean => {
    const declared = catalog.get(datasetId)?.modalities ?? [];
    if (declared.length === 0) return false;
    // Speech is audio: a request for speech does not contradict a dataset of audio.
    const family = (kind: string) => {
      const own = kind.toLowerCase().replace(/s$/, '');
      return own === 'speech' ? 'audio' : own;
    };
    const wanted = family(modality);
    return !declared.some((kind) => {
      const own = family(kind);
      return own.startsWith(wanted) || wanted.startsWith(own);
    });
  };

  /**
   * Candidates that keep what the person said: an answered kind of data or language filters; a
   * kind of data stated in the request moves the datasets that declare other kinds to the end; a
   * data language stated in the request puts the datasets in that language (for the stated task)
   * first. When none of the relevant candidates is in that language, the closest datasets come
   * back as they rank, and `unmet` names the language, so the reply can say so.
   */
  const candidatesFor = async (
    state: DialogueState,
    limit: number,
  ): Promise<{ ranked: DatasetRecommendation[]; unmet: string | null }> => {
    const { language, modality } = state.constraints;
    const statedLanguage =
      settings.keepStatedConstraints && language?.source !== 'answer' && language?.value
        ? language.value
        : null;
    const statedModality =
      settings.keepStatedConstraints && modality?.source === 'request' && modality.value
        ? modality.value
        : null;
    const widen = statedLanguage !== null || statedModality !== null;
    let pool = await rank(
      state,
      widen ? Math.max(limit, settings.candidatePool) : limit,
      answeredFilters(state.constraints),
    );
    if (statedModality !== null) {
      const fitting = pool.filter((item) => !contradictsModality(item.datasetId, statedModality));
      pool = [...fitting, ...pool.filter((item) => !fitting.includes(item))];
    }
    let unmet: string | null = null;
    if (statedLanguage !== null) {
      const task = state.constraints.task?.value ?? taxonomy.find(state.request) ?? null;
      const inLanguage = pool.filter((candidate) =>
        keepsLanguage(candidate.datasetId, statedLanguage, task),
      );
      // A dataset that declares no language is almost always English: English is never unmet.
      if (inLanguage.length === 0)
        unmet = statedLanguage.toLowerCase() === 'english' ? null : statedLanguage;
      else {
        // Datasets that declare only other languages are left out; after a refinement that
        // names the language, so are datasets whose data has no language (images, video).
        const others = pool.filter(
          (candidate) =>
            !inLanguage.includes(candidate) &&
            !declaresOtherLanguage(candidate.datasetId, statedLanguage) &&
            (language?.source !== 'refinement' || bearsLanguage(candidate.datasetId)),
        );
        pool = [...inLanguage, ...others];
      }
    }
    const task = state.constraints.task;
    if (task?.source === 'refinement' && task.value) {
      // A task named in a refinement or correction puts the datasets declaring it first.
      const wanted = task.value;
      const declaring = pool.filter((candidate) => declaresTask(candidate.datasetId, wanted));
      pool =
        declaring.length >= settings.refinedTaskMinimum
          ? declaring
          : [...declaring, ...pool.filter((candidate) => !declaring.includes(candidate))];
    }
    if (refined(state)) {
      pool = orderByRefinements({
        ranked: pool,
        state,
        catalog,
        terms: catalogTerms,
        focusShare: settings.focusShare,
        strictFocusShare: settings.strictFocusShare,
        focusPool: settings.focusPool,
        sizeWindow: settings.recommendCount * 2,
      });
    }
    return { ranked: pool.slice(0, limit), unmet };
  };

  const cardFor = async (recommendation: DatasetRecommendation): Promise<DatasetCard | null> => {
    const dataset = catalog.get(recommendation.datasetId);
    if (!dataset) return null;
    const citations = options.citations
      ? await options.citations.citationsFor({ dataset, limit: settings.citationsPerDataset })
      : [];
    return {
      datasetId: dataset.id,
      name: dataset.name,
      fullName: dataset.fullName,
      year: dataset.year,
      modalities: dataset.modalities,
      tasks: dataset.tasks,
      languages: dataset.languages,
      size: dataset.size,
      homepage: dataset.homepage,
      paperTitle: dataset.paperTitle,
      paperUrl: dataset.paperUrl,
      license: typeof dataset.extra.license === 'string' ? dataset.extra.license : null,
      why: recommendation.explanation.summary,
      citations,
    };
  };

  /** Asks `question`, waiting for its slot's answer. */
  const ask = (state: DialogueState, question: ClarifyingQuestion, notes: string[]): AgentTurn => ({
    state: { ...state, pending: question.slot, asked: [...state.asked, question.slot] },
    reply: {
      kind: 'clarify',
      text: [...notes, question.question].join(' '),
      slot: question.slot,
      options: question.options,
    },
  });

  const recommend = async (state: DialogueState, notes: string[]): Promise<AgentTurn> => {
    const { ranked, unmet } = await candidatesFor(
      state,
      settings.recommendCount + settings.moreCount,
    );
    const allCards = (await Promise.all(ranked.map(cardFor))).filter(
      (card): card is DatasetCard => card !== null,
    );
    const cards = allCards.slice(0, settings.recommendCount);
    const more = allCards.slice(settings.recommendCount);
    const nextState = { ...state, pending: null, shown: cards.map((card) => card.datasetId) };
    if (cards.length === 0) {
      return {
        state: nextState,
        reply: {
          kind: 'notice',
          text: [
            ...notes,
            'I found no dataset in the catalog for that request. Try other words for the task or the data.',
          ].join(' '),
        },
      };
    }
    const task = taxonomy.find(state.request) ?? state.constraints.task?.value;
    const lead =
      unmet !== null
        ? `The catalog has no ${unmet} dataset${task ? ` for ${task}` : ''}; the closest ${cards.length === 1 ? 'is' : `${cards.length} are`}:`
        : `${cards.length === 1 ? 'This dataset fits' : `These ${cards.length} datasets fit`} what you described.`;
    const reply: AgentReply = {
      kind: 'recommend',
      text: [...notes, lead].join(' '),
      datasets: cards,
      ...(more.length > 0 ? { more } : {}),
    };
    // A model may rephrase a plain recommendation, never the statement that nothing fits.
    if (options.phraser && unmet === null)
      reply.text = [...notes, await options.phraser(reply)].join(' ');
    return { state: nextState, reply };
  };

  /**
   * The wording's reading checked against what the message states: an "answer" about a kind of
   * data, language or domain that names none but states something else refines the request; a
   * short "new request" that names no task of its own ("I want it in Korean") refines it too.
   */
  const settleRole = (options: {
    role: MessageRole;
    text: string;
    previous: DialogueState | undefined;
  }): MessageRole => {
    const { role, text, previous } = options;
    if (!previous || previous.request === '') return role;
    const understood = understandRequest(text);
    const states = extractConstraints(understood.text, { taxonomy, cue: understood.cue });
    if (role === 'answer' && previous.pending && previous.pending !== 'task') {
      const slot = previous.pending;
      const answers =
        isNoPreference(text) ||
        slot === 'textLength' ||
        labelsIn(understood.text, slot, { languageCodes: true }).length > 0;
      if (!answers && Object.keys(states).length > 0) return 'refinement';
    }
    if (role === 'new-request' && !announcesNewRequest(text) && states.task === undefined) {
      // Changes only a refinement makes (a year bound, "any language", a size, "not X").
      const changes = readRefinement(text);
      const refines =
        changes.yearMin !== undefined ||
        changes.yearMax !== undefined ||
        changes.size !== undefined ||
        changes.droppedSlots.length > 0 ||
        changes.excluded.length > 0 ||
        changes.comparisons.length > 0;
      const short = text.split(/\s+/).length <= settings.maxRefinementWords;
      if (refines || (short && Object.keys(states).length > 0)) return 'refinement';
    }
    return role;
  };

  /** The state of a new request: its words (translated where needed), slots and year bounds. */
  const newRequestState = async (
    text: string,
    yearMax: number | undefined,
  ): Promise<DialogueState> => {
    const year = yearPattern.exec(text)?.[1];
    const bounds = readRefinement(text);
    const understood = understandRequest(text);
    // An English request that names its task keeps its own words for ranking; a cue (a
    // metric, a setting) or a translation is added only where it is needed to understand it.
    const ownWords = extractConstraints(text, { taxonomy });
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
    if (understood.messageLanguage !== 'en' && understood.english.length > 0) {
      const task = extractConstraints(understood.english.join(' ; '), {
        taxonomy,
        cue: understood.cue,
      }).task;
      if (task) understoodConstraints.task = task;
    }
    return {
      ...emptyDialogueState(),
      request: keepOwnWords ? text : understood.text,
      constraints: withNamedDatasetTask(
        {
          ...(options.constraintExtractor ? await options.constraintExtractor(text) : {}),
          ...(keepOwnWords ? ownWords : understoodConstraints),
        },
        text,
      ),
      yearMax: yearMax ?? (year ? Number(year) : (bounds.yearMax ?? null)),
      yearMin: bounds.yearMin ?? null,
    };
  };

  return {
    effectiveQuery,
    prepare() {
      catalogTerms.rarity('');
      loadBilingualLexicon();
    },
    async recommendNow({ state }) {
      const { ranked } = await candidatesFor(state, settings.recommendCount);
      return ranked.map((recommendation) => recommendation.datasetId);
    },
    async respond({ state: previous, message, yearMax }) {
      const input = sanitizeMessage({ message, maxChars: settings.maxMessageChars });
      if (input.kind === 'empty') {
        // Nothing to read (empty, emoji, punctuation): a new conversation is asked what it is
        // for; one already under way keeps its state and is reminded what it can say.
        const fresh = !previous || (previous.request === '' && previous.asked.length === 0);
        const question = fresh
          ? nextClarifyingQuestion({
              constraints: {},
              asked: [],
              candidates: [],
              settings: settings.clarification,
            })
          : null;
        if (question) return ask(emptyDialogueState(), question, []);
        return {
          state: previous ?? emptyDialogueState(),
          reply: {
            kind: 'notice',
            text: 'Describe the research you want data for, for example "semantic segmentation of street scenes for self-driving cars".',
          },
        };
      }
      const notes: string[] = input.truncated
        ? [`Your message was long, so I read its first ${settings.maxMessageChars} characters.`]
        : [];
      const intent = options.answers ? classifyMessage(input.text) : null;
      if (options.answers && intent && intent.kind !== 'dataset-request') {
        // A question about papers leaves the dataset dialogue where it was.
        return {
          state: previous ?? emptyDialogueState(),
          reply: await answerFromPapers({ source: options.answers, intent, notes, settings }),
        };
      }
      // Misspellings are corrected before anything is read ("detecton" is "detection").
      // Only English is corrected: other languages' words are not typos of English ones.
      const english = detectMessageLanguage(input.text) === 'en';
      const spelled = english
        ? recommender.correctSpelling(input.text)
        : { text: input.text, corrections: [] };
      const text = spelled.text;
      if (spelled.corrections.length > 0)
        notes.push(
          `Reading ${spelled.corrections.map(({ from, to }) => `“${from}” as “${to}”`).join(', ')}.`,
        );
      const role: MessageRole = settleRole({
        role: readMessageRole({
          message: text,
          standing: previous !== undefined && previous.request !== '',
          pending: previous?.pending !== null && previous?.pending !== undefined,
          maxAnswerWords: settings.maxAnswerWords,
          maxRefinementWords: settings.maxRefinementWords,
        }),
        text,
        previous,
      });
      let state: DialogueState;
      if (previous && role === 'answer' && previous.pending) {
        const slot = previous.pending;
        const answer = understandRequest(text).text;
        state = {
          ...previous,
          pending: null,
          constraints: {
            ...previous.constraints,
            [slot]: { value: interpretAnswer({ slot, answer }), source: 'answer' },
          },
        };
      } else if (previous && (role === 'refinement' || role === 'correction')) {
        // The standing request is refined, never restarted; the reply says what it now searches.
        state = refineState({
          state: previous,
          message: text,
          correction: role === 'correction',
          taxonomy,
          findDataset,
        });
        return recommend(state, [...notes, `Searching for: ${describeSearch(state)}.`]);
      } else {
        const request = withoutSwitchMarker(text);
        state = await newRequestState(request, yearMax);
        if (previous && previous.request !== '')
          notes.push(`New request: ${describeSearch(state)}.`);
      }
      const { ranked: candidates } = await candidatesFor(state, settings.candidatePool);
      const question = nextClarifyingQuestion({
        constraints: state.constraints,
        asked: state.asked,
        candidates: candidates
          .map((candidate) => catalog.get(candidate.datasetId))
          .filter((d): d is Dataset => d !== undefined),
        settings: settings.clarification,
      });
      if (!question) return recommend(state, notes);
      return ask(state, question, notes);
    },
  };
}
