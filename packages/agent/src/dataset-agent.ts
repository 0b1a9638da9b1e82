/**
 * @module The dataset agent: one turn is a pipeline of small steps over data (turn/): read the
 * message (read-message.ts) -> update the dialogue state (update-state.ts) -> rank the candidates
 * (rank-candidates.ts) -> decide to clarify or recommend (decide.ts) -> render the reply
 * (render-reply.ts). A question about papers is answered with the sentences that answer it
 * (paper-answer-reply.ts) and leaves the dialogue where it was. Ranking and citing are
 * deterministic; a language model may only phrase (never names a dataset itself). With `trace`,
 * a turn also returns each step's output, so a wrong turn can be seen where it was taken.
 */
import type { Dataset } from '@quarry/core';
import type { DatasetRecommendation, DatasetRecommender } from '@quarry/recommender';
import type { AgentReply, DatasetCard } from './agent-reply.js';
import { defaultAgentSettings } from './agent-settings.js';
import type { AgentSettings, CitationSource } from './agent-settings.js';
import { emptyDialogueState } from './dialogue-state.js';
import type { DialogueState } from './dialogue-state.js';
import { createCatalogTerms, editionYear } from './dialogue/refined-candidates.js';
import type { ConstraintExtractor } from './language-model/model-constraint-extractor.js';
import type { ReplyPhraser } from './language-model/model-reply-phraser.js';
import { createNamedDatasetFinder } from './named-dataset.js';
import { answerFromPapers } from './paper-answer-reply.js';
import type { PaperAnswerSource } from './paper-answer-reply.js';
import { createTaskTaxonomy } from './task-taxonomy.js';
import { loadBilingualLexicon } from './understanding/bilingual-lexicon.js';
import { loadEnglishWords } from './understanding/cognates.js';
import { decideAfterUpdate, decideOnEmpty } from './turn/decide.js';
import type { Decision } from './turn/decide.js';
import { createCandidateRanker, effectiveQuery } from './turn/rank-candidates.js';
import type { RankedCandidates } from './turn/rank-candidates.js';
import { readMessage } from './turn/read-message.js';
import type { MessageReading } from './turn/read-message.js';
import {
  clarifyReply,
  datasetCard,
  recommendationReply,
  remindText,
  welcomeText,
} from './turn/render-reply.js';
import { relaxations } from './turn/relax-constraints.js';
import type { Relaxation } from './turn/relax-constraints.js';
import { createDatasetNameLookup, updateState } from './turn/update-state.js';
import { describeSearch } from './dialogue/search-summary.js';
import type { StateChange } from './turn/update-state.js';

export { defaultAgentSettings } from './agent-settings.js';
export type { AgentSettings, CitationSource } from './agent-settings.js';
export { looksLikeNewRequest } from './dialogue/message-role.js';

/** One step of a turn and what it produced (`quarry chat --trace`, the chat API's debug mode). */
export type TraceStep =
  | { step: 'read'; reading: MessageReading }
  | { step: 'state'; change: StateChange; state: DialogueState }
  | {
      step: 'rank';
      query: string;
      candidates: { datasetId: string; score: number }[];
      unmet: string | null;
      adjustments: string[];
    }
  | { step: 'decide'; decision: Decision }
  | { step: 'reply'; kind: AgentReply['kind']; datasets: string[] };

export interface AgentTurn {
  state: DialogueState;
  reply: AgentReply;
  /** Each step's output, when the turn was asked for with `trace`. */
  trace?: TraceStep[];
}

export interface DatasetAgent {
  /** `yearMax` limits a new request to datasets introduced by then (the benchmark's year filter). */
  respond(options: {
    state?: DialogueState;
    message: string;
    yearMax?: number;
    trace?: boolean;
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

const traceOfRank = (ranked: RankedCandidates): TraceStep => ({
  step: 'rank',
  query: ranked.query,
  candidates: ranked.ranked.map(({ datasetId, score }) => ({ datasetId, score })),
  unmet: ranked.unmet,
  adjustments: ranked.adjustments,
});

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
  const catalogTerms = createCatalogTerms(catalog);
  const ranker = createCandidateRanker({
    recommender,
    catalog,
    taxonomy,
    terms: catalogTerms,
    settings,
  });
  const stateContext = {
    taxonomy,
    namedDatasets: createNamedDatasetFinder(catalog.values()),
    findDataset: createDatasetNameLookup(catalog),
    constraintExtractor: options.constraintExtractor,
  };

  const cardFor = async (recommendation: DatasetRecommendation): Promise<DatasetCard | null> => {
    const dataset = catalog.get(recommendation.datasetId);
    if (!dataset) return null;
    const citations = options.citations
      ? await options.citations.citationsFor({ dataset, limit: settings.citationsPerDataset })
      : [];
    return datasetCard(dataset, recommendation, citations);
  };

  const recommend = async (
    state: DialogueState,
    notes: readonly string[],
    trace: TraceStep[],
  ): Promise<AgentTurn> => {
    const limit = settings.recommendCount + settings.moreCount;
    let ranked = await ranker.candidatesFor(state, limit);
    trace.push(traceOfRank(ranked));
    // Nothing empty without a reason: the nearest datasets without one constraint, named.
    let relaxed: Relaxation | null = null;
    for (const relaxation of ranked.ranked.length === 0 ? relaxations(state) : []) {
      const without = await ranker.candidatesFor(relaxation.state, limit);
      trace.push(traceOfRank({ ...without, adjustments: [`without ${relaxation.label}`] }));
      if (without.ranked.length > 0) {
        ranked = without;
        relaxed = relaxation;
        break;
      }
    }
    const allCards = (await Promise.all(ranked.ranked.map(cardFor))).filter(
      (card): card is DatasetCard => card !== null,
    );
    const cards = allCards.slice(0, settings.recommendCount);
    // "only the last three years" on a catalog whose records stop earlier: say so, not "fit".
    const yearMin = state.yearMin;
    const unmetYearMin =
      yearMin !== null &&
      ranked.ranked.slice(0, settings.recommendCount).every((item) => {
        const dataset = catalog.get(item.datasetId);
        return dataset === undefined || (editionYear(dataset) ?? -Infinity) < yearMin;
      })
        ? yearMin
        : null;
    const reply = recommendationReply({
      cards,
      more: allCards.slice(settings.recommendCount),
      unmet: ranked.unmet,
      unmetYearMin,
      task: taxonomy.find(state.request) ?? state.constraints.task?.value,
      notes,
      searched: describeSearch(state),
      relaxed: relaxed && { label: relaxed.label, reply: relaxed.reply },
    });
    // A model may rephrase a plain recommendation, never the statement that nothing fits.
    if (
      options.phraser &&
      reply.kind === 'recommend' &&
      ranked.unmet === null &&
      unmetYearMin === null &&
      !relaxed
    )
      reply.text = [...notes, await options.phraser(reply)].join(' ');
    return {
      state: { ...state, pending: null, shown: cards.map((card) => card.datasetId) },
      reply,
    };
  };

  const ask = (state: DialogueState, decision: Decision, notes: string[]): AgentTurn | null =>
    decision.kind === 'clarify'
      ? {
          state: {
            ...state,
            pending: decision.question.slot,
            asked: [...state.asked, decision.question.slot],
          },
          reply: clarifyReply(decision.question, notes),
        }
      : null;

  const turn = async (
    previous: DialogueState | undefined,
    message: string,
    yearMax: number | undefined,
    trace: TraceStep[],
  ): Promise<AgentTurn> => {
    const reading = readMessage({
      message,
      previous,
      answersQuestions: options.answers !== undefined,
      correctSpelling: (text) => recommender.correctSpelling(text),
      taxonomy,
      settings,
    });
    trace.push({ step: 'read', reading });
    if (reading.kind === 'empty') {
      const decision = decideOnEmpty({ previous, settings: settings.clarification });
      trace.push({ step: 'decide', decision });
      return (
        ask(emptyDialogueState(), decision, []) ?? {
          state: previous ?? emptyDialogueState(),
          reply: { kind: 'notice', text: remindText },
        }
      );
    }
    if (reading.kind === 'closing') {
      // The datasets that fit stay on the table; nothing is asked or changed.
      trace.push({ step: 'decide', decision: { kind: 'recommend' } });
      return recommend(previous ?? emptyDialogueState(), [welcomeText], trace);
    }
    if (reading.kind === 'question') {
      // A question about papers leaves the dataset dialogue where it was.
      return {
        state: previous ?? emptyDialogueState(),
        reply: await answerFromPapers({
          source: options.answers!,
          intent: reading.intent,
          notes: reading.notes,
          settings,
        }),
      };
    }
    const update = await updateState({
      previous,
      text: reading.text,
      role: reading.role,
      yearMax,
      context: stateContext,
    });
    trace.push({ step: 'state', change: update.change, state: update.state });
    const notes = [...reading.notes, ...update.notes];
    if (update.change === 'refined') {
      trace.push({ step: 'decide', decision: { kind: 'recommend' } });
      return recommend(update.state, notes, trace);
    }
    const pool = await ranker.candidatesFor(update.state, settings.candidatePool);
    trace.push(traceOfRank(pool));
    const decision = decideAfterUpdate({
      change: update.change,
      state: update.state,
      conversing: (previous?.shown.length ?? 0) > 0,
      candidates: pool.ranked
        .map((candidate) => catalog.get(candidate.datasetId))
        .filter((dataset): dataset is Dataset => dataset !== undefined),
      settings: settings.clarification,
    });
    trace.push({ step: 'decide', decision });
    return ask(update.state, decision, notes) ?? recommend(update.state, notes, trace);
  };

  return {
    effectiveQuery,
    prepare() {
      catalogTerms.rarity('');
      loadBilingualLexicon();
      loadEnglishWords();
    },
    async recommendNow({ state }) {
      const { ranked } = await ranker.candidatesFor(state, settings.recommendCount);
      return ranked.map((recommendation) => recommendation.datasetId);
    },
    async respond({ state: previous, message, yearMax, trace: wantsTrace }) {
      const trace: TraceStep[] = [];
      const result = await turn(previous, message, yearMax, trace);
      if (!wantsTrace) return result;
      const datasets = result.reply.kind === 'recommend' ? result.reply.datasets : [];
      trace.push({
        step: 'reply',
        kind: result.reply.kind,
        datasets: datasets.map((card) => card.datasetId),
      });
      return { ...result, trace };
    },
  };
}
