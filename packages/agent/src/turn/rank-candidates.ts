/**
 * @module The ranking step: the recommender's candidates for a dialogue state, then kept to what the
 * person said: answered kinds of data and languages filter; a kind of data stated in the request
 * moves datasets of other kinds last; a stated data language puts the datasets in it (for the
 * stated task) first, or says the catalog has none (`unmet`); a task named in a refinement puts
 * the datasets declaring it first; a stated domain puts, of the best candidates, those for the
 * stated task whose record says it first; focus, exclusions, years and sizes re-order a wider pool.
 */
import type { Dataset } from '@quarry/core';
import type {
  DatasetRecommendation,
  DatasetRecommender,
  RecommendFilters,
} from '@quarry/recommender';
import { stem, tokenize } from '@quarry/text';
import { answeredFilters } from '../answered-filters.js';
import type { DialogueState } from '../dialogue-state.js';
import { orderByRefinements } from '../dialogue/refined-candidates.js';
import { leftKindsLast, withoutLeftTasks } from '../dialogue/request-left-behind.js';
import type { CatalogTerms } from '../dialogue/refined-candidates.js';
import { slots } from '../slots.js';
import type { TaskTaxonomy } from '../task-taxonomy.js';
import {
  bearsLanguage,
  contradictsModality,
  declaresOtherLanguage,
  declaresTask,
  keepsLanguage,
  saysDomain,
  saysTask,
  taskWord,
} from './catalog-facts.js';
import { labelsIn } from '../constraint-extraction.js';
import { candidateLabels, languageApplies } from '../candidate-facets.js';
import { englishQuery } from '../understanding/english-query.js';

export interface RankSettings {
  candidatePool: number;
  refinementPool: number;
  keepStatedConstraints: boolean;
  refinedTaskMinimum: number;
  focusShare: number;
  strictFocusShare: number;
  requiredFillShare: number;
  requiredMeaningShare: number;
  focusPool: number;
  focusMeaningWeight: number;
  /** Of the best candidates, this many are re-ordered by whether they say a stated domain. */
  domainWindow: number;
  /** Of the best candidates, this many are re-ordered by whether they say a stated task. */
  taskWindow: number;
  /** Candidates searched for datasets saying a stated domain, which then go first. */
  domainPool: number;
  /** Fewest datasets saying a stated domain that go first (fewer leave the order as it is). */
  domainMinimum: number;
  /** Candidates searched, with the language as a filter, for datasets in a stated language. */
  languagePool: number;
  recommendCount: number;
}

export interface RankedCandidates {
  /** What the recommender was asked. */
  query: string;
  ranked: DatasetRecommendation[];
  /** A stated data language no relevant candidate is in, for the reply to say so. */
  unmet: string | null;
  /** Each re-ordering applied after the recommender's ranking, in order (for the trace). */
  adjustments: string[];
}

export interface CandidateRanker {
  /** The query the recommender gets for a state: the request plus every answered value. */
  effectiveQuery(state: DialogueState): string;
  candidatesFor(state: DialogueState, limit: number): Promise<RankedCandidates>;
}

/** `text` without the words whose stem is one of `words`' stems. */
export function withoutWords(text: string, words: readonly string[]): string {
  if (words.length === 0) return text;
  const stems = new Set(words.map((word) => stem(word.toLowerCase())));
  return text
    .split(/(\s+)/)
    .filter((part) => {
      const tokens = tokenize(part, { joinHyphenated: false });
      // "still-image" goes with "image": a compound is named by its last word.
      const head = /[\p{L}\p{N}]-[\p{L}\p{N}]/u.test(part) ? tokens.slice(-1) : tokens;
      return tokens.length === 0 || !head.every((token) => stems.has(stem(token)));
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `candidates` with each dataset once, where it first comes (found by two searches). */
function firstOfEach<T extends { datasetId: string }>(candidates: readonly T[]): T[] {
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    if (seen.has(candidate.datasetId)) return false;
    seen.add(candidate.datasetId);
    return true;
  });
}

/** Whether the state has refinements that re-order a wider pool of candidates. */
export function isRefined(state: DialogueState): boolean {
  return (
    state.focus.length > 0 ||
    state.excluded.length > 0 ||
    state.yearMin !== null ||
    state.size !== null
  );
}

export function effectiveQuery(state: DialogueState): string {
  // A request in another language is searched in the English read from it (english-query.ts),
  // and the language it asks for, which its own words named.
  const request = englishQuery(state.request);
  const translated = request !== state.request;
  const added = slots
    .map((slot) => state.constraints[slot])
    .filter(
      (value, index) =>
        value !== undefined &&
        (value.source !== 'request' || (translated && slots[index] === 'language')) &&
        value.value !== null,
    )
    .map((value) => value?.value ?? '');
  return [withoutWords(request, [...state.dropped, ...boundYears(state)]), ...added, ...state.focus]
    .join(' ')
    .trim();
}

/**
 * The years a request bounds the datasets by ("released 2021 or later"): a filter, never a word
 * to search for (it would bring "OLR 2021" and "NELA-GT-2021"). "after 2018" bounds at 2019.
 */
function boundYears(state: DialogueState): string[] {
  return [state.yearMin, state.yearMax]
    .filter((year): year is number => year !== null)
    .flatMap((year) => [year - 1, year, year + 1])
    .map(String);
}

export function createCandidateRanker(options: {
  recommender: DatasetRecommender;
  catalog: ReadonlyMap<string, Dataset>;
  taxonomy: TaskTaxonomy;
  terms: CatalogTerms;
  settings: RankSettings;
}): CandidateRanker {
  const { recommender, catalog, taxonomy, terms, settings } = options;

  const rank = (
    state: DialogueState,
    limit: number,
    filters: RecommendFilters | null,
    query = effectiveQuery(state),
  ) =>
    recommender.recommend({
      query,
      limit: isRefined(state) ? Math.max(limit, settings.refinementPool) : limit,
      ...(state.yearMax === null ? {} : { yearMax: state.yearMax }),
      ...(filters ? { filters } : {}),
    });

  const candidatesFor = async (state: DialogueState, limit: number): Promise<RankedCandidates> => {
    const adjustments: string[] = [];
    const { language, modality } = state.constraints;
    const statedModality =
      settings.keepStatedConstraints && modality?.source === 'request' && modality.value
        ? modality.value
        : null;
    const statedLanguage =
      settings.keepStatedConstraints &&
      language?.source !== 'answer' &&
      language?.value &&
      languageApplies({ modality: modality?.value ?? null, request: state.request })
        ? language.value
        : null;
    const domainValue = settings.keepStatedConstraints ? state.constraints.domain?.value : null;
    const [statedDomain] = domainValue ? labelsIn(domainValue, 'domain') : [];
    const statedTask =
      settings.keepStatedConstraints &&
      state.constraints.task?.source === 'request' &&
      taskWord(state.constraints.task.value ?? '').length > 0
        ? (state.constraints.task.value ?? null)
        : null;
    const widen =
      statedLanguage !== null ||
      statedModality !== null ||
      statedDomain !== undefined ||
      (settings.taskWindow > 0 && statedTask !== null);
    const filters = answeredFilters(state.constraints);
    if (filters) adjustments.push(`filtered by answers ${JSON.stringify(filters)}`);
    // English is what most datasets are in without saying so: as a searched word it only
    // brings up translation corpora and multilingual benchmarks that name it.
    const english = statedLanguage?.toLowerCase() === 'english';
    let pool = await rank(
      state,
      widen ? Math.max(limit, settings.candidatePool) : limit,
      filters,
      english ? withoutWords(effectiveQuery(state), [statedLanguage]) : effectiveQuery(state),
    );
    if (statedTask !== null) {
      // A stated task is a soft preference too: of the best candidates, those whose record says
      // the task's distinctive words come first ("emotion" in speech emotion recognition, where
      // speech-recognition corpora share the other words).
      const head = pool.slice(0, settings.taskWindow);
      const saying = head.filter((item) => saysTask(terms, item.datasetId, statedTask));
      if (saying.length > 0 && saying.length < head.length) {
        pool = [...saying, ...pool.filter((item) => !saying.includes(item))];
        adjustments.push(`${saying.length} saying ${statedTask} first`);
      }
    }
    if (statedModality !== null) {
      const fitting = pool.filter(
        (item) => !contradictsModality(catalog, item.datasetId, statedModality),
      );
      pool = [...fitting, ...pool.filter((item) => !fitting.includes(item))];
      adjustments.push(`kinds of data other than ${statedModality} last`);
    }
    if (statedDomain !== undefined) {
      // A stated domain ("medical question answering") is a soft preference: of the best
      // candidates, those whose record says the domain come first, the others keep their order.
      // The search goes deeper than the window too: in a large catalog the domain's datasets for
      // a common task ("named entity recognition in clinical notes") rank below the task's
      // general benchmarks, which the popularity prior lifts. From that far down only datasets
      // that declare the stated task come up: their own words alone are too weak a sign of it.
      const task = state.constraints.task?.value ?? null;
      const says = (item: DatasetRecommendation) =>
        saysDomain({ catalog, datasetId: item.datasetId, domain: statedDomain, task });
      const declaresATask = (item: DatasetRecommendation) =>
        task !== null && (catalog.get(item.datasetId)?.tasks.length ?? 0) > 0;
      const deeper =
        settings.domainPool > pool.length ? await rank(state, settings.domainPool, filters) : [];
      const saying = firstOfEach([
        ...pool.slice(0, settings.domainWindow).filter(says),
        ...deeper.filter((item) => declaresATask(item) && says(item)),
      ]);
      if (saying.length >= settings.domainMinimum) {
        const sayingIds = new Set(saying.map((item) => item.datasetId));
        pool = [...saying, ...pool.filter((item) => !sayingIds.has(item.datasetId))];
        adjustments.push(`${saying.length} saying ${statedDomain} first`);
      }
    }
    let unmet: string | null = null;
    if (english) {
      // Most datasets are in English without saying so: English leaves out only the datasets
      // that declare other languages, and puts none first for declaring it.
      pool = pool.filter(
        (candidate) => !declaresOtherLanguage(catalog, candidate.datasetId, statedLanguage),
      );
      adjustments.push('datasets only in other languages left out');
    } else if (statedLanguage !== null) {
      const task = state.constraints.task?.value ?? taxonomy.find(state.request) ?? null;
      const keeps = (candidate: DatasetRecommendation) =>
        keepsLanguage(catalog, candidate.datasetId, statedLanguage, task);
      // The datasets in the language are searched for deeper, with the language as a filter: in
      // a large catalog the few in it rank below the first candidates of the plain query.
      const single = !statedLanguage.includes(',');
      // With the language as a filter, its name is not searched for too: the task decides.
      const deeper = await rank(
        state,
        settings.languagePool,
        { ...filters, ...(single ? { language: statedLanguage } : {}) },
        single ? withoutWords(effectiveQuery(state), [statedLanguage]) : effectiveQuery(state),
      );
      const inLanguage = firstOfEach([...deeper.filter(keeps), ...pool.filter(keeps)]);
      if (inLanguage.length === 0) {
        unmet = statedLanguage;
        adjustments.push(`no candidate in ${unmet}`);
      } else {
        // Datasets that declare only other languages are left out; after a refinement that
        // names the language, so are datasets whose data has no language (images, video).
        const others = pool.filter(
          (candidate) =>
            !inLanguage.some((kept) => kept.datasetId === candidate.datasetId) &&
            !declaresOtherLanguage(catalog, candidate.datasetId, statedLanguage) &&
            (language?.source !== 'refinement' || bearsLanguage(catalog, candidate.datasetId)),
        );
        pool = [...inLanguage, ...others];
        adjustments.push(`${inLanguage.length} in ${statedLanguage} first`);
      }
    }
    const task = state.constraints.task;
    if (task?.source === 'refinement' && task.value) {
      // A task named in a refinement or correction puts the datasets declaring it first, of the
      // kind of data stated ("detection" over audio is not object detection in images).
      const wanted = task.value;
      const declaring = pool.filter(
        (candidate) =>
          declaresTask(catalog, candidate.datasetId, wanted, terms) &&
          (statedModality === null ||
            !contradictsModality(catalog, candidate.datasetId, statedModality)),
      );
      pool =
        declaring.length >= settings.refinedTaskMinimum
          ? declaring
          : [...declaring, ...pool.filter((candidate) => !declaring.includes(candidate))];
      adjustments.push(`${declaring.length} declaring ${wanted} first`);
    }
    if (isRefined(state)) {
      // Each focus phrase's closeness in meaning to the candidates it may move up.
      const ids = pool.map((item) => item.datasetId);
      const meaning = new Map(
        settings.focusMeaningWeight > 0
          ? await Promise.all(
              state.focus.map(
                async (phrase) => [phrase, await recommender.similarity(phrase, ids)] as const,
              ),
            )
          : [],
      );
      pool = orderByRefinements({
        meaning,
        meaningWeight: settings.focusMeaningWeight,
        ranked: pool,
        state,
        catalog,
        terms,
        focusShare: settings.focusShare,
        strictFocusShare: settings.strictFocusShare,
        requiredFillShare: settings.requiredFillShare,
        requiredMeaningShare: settings.requiredMeaningShare,
        requiredMinimum: settings.recommendCount,
        focusPool: settings.focusPool,
        sizeWindow: settings.recommendCount * 2,
      });
      adjustments.push('re-ordered by focus, exclusions, years and size');
    }
    if (state.leftTasks.length > 0) {
      pool = withoutLeftTasks({
        ranked: pool,
        leftTasks: state.leftTasks,
        task: state.constraints.task?.value,
        termsOf: (id) => terms.termsOf(id),
      });
      adjustments.push(`datasets of ${state.leftTasks.join(', ')} last`);
    }
    if (state.leftKinds.length > 0) {
      pool = leftKindsLast({
        ranked: pool,
        leftKinds: state.leftKinds,
        kindsOf: (id) => {
          const dataset = catalog.get(id);
          return dataset ? candidateLabels(dataset, 'modality') : [];
        },
      });
      adjustments.push(`datasets only of ${state.leftKinds.join(', ')} last`);
    }
    return { query: effectiveQuery(state), ranked: pool.slice(0, limit), unmet, adjustments };
  };

  return { effectiveQuery, candidatesFor };
}
