import { describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import type { Dataset } from '@quarry/core';
import type { DatasetRecommender, RecommendOptions } from '@quarry/recommender';
import { emptyDialogueState } from '../dialogue-state.js';
import type { DialogueState } from '../dialogue-state.js';
import { createCatalogTerms } from '../dialogue/refined-candidates.js';
import { createTaskTaxonomy } from '../task-taxonomy.js';
import { createCandidateRanker, effectiveQuery } from './rank-candidates.js';

/**
 * Thirty made-up parsing datasets, best first; only the last one declares Basque, the eighth and
 * the twenty-fifth are of clinical notes (the third names a hospital in passing).
 */
const catalog: Dataset[] = Array.from({ length: 30 }, (_, index) =>
  datasetWithDefaults({
    id: `parse-${index}`,
    description:
      index === 7
        ? 'A treebank of clinical notes from patients for dependency parsing.'
        : index === 24
          ? 'Discharge summaries of patients in a clinical setting, parsed into dependency trees.'
          : index === 2
            ? 'A treebank for dependency parsing of signs in a hospital.'
            : `A treebank for dependency parsing, number ${index}.`,
    tasks: ['Dependency Parsing'],
    languages: index === 29 ? ['Basque'] : [],
    source: 'pwc',
  }),
);

/** The queries and language filters the recommender was given. */
const searches: { query: string; language: string | undefined }[] = [];

/** A recommender that ranks in catalog order and honours a language filter. */
const recommender = {
  size: catalog.length,
  recommend(options: RecommendOptions) {
    searches.push({ query: options.query, language: options.filters?.language });
    const language = options.filters?.language?.toLowerCase();
    return Promise.resolve(
      catalog
        .filter(
          (dataset) =>
            language === undefined ||
            dataset.languages.length === 0 ||
            dataset.languages.some((name) => name.toLowerCase() === language),
        )
        .slice(0, options.limit ?? 10)
        .map((dataset, index) => ({
          datasetId: dataset.id,
          name: dataset.name,
          score: 1 - index / 100,
          explanation: { matchedTerms: [], reasons: [] },
        })),
    );
  },
} as unknown as DatasetRecommender;

const settings = {
  candidatePool: 20,
  refinementPool: 60,
  keepStatedConstraints: true,
  refinedTaskMinimum: 1,
  focusShare: 0.5,
  strictFocusShare: 0.6,
  requiredFillShare: 0.4,
  requiredMeaningShare: 2,
  focusPool: 20,
  focusMeaningWeight: 0,
  languagePool: 150,
  domainWindow: 10,
  domainPool: 10,
  domainMinimum: 1,
  taskWindow: 0,
  recommendCount: 5,
};

const byId = new Map(catalog.map((dataset) => [dataset.id, dataset]));
const rankerWith = (chosen: typeof settings) =>
  createCandidateRanker({
    recommender,
    catalog: byId,
    taxonomy: createTaskTaxonomy(['Dependency Parsing']),
    terms: createCatalogTerms(byId),
    settings: chosen,
  });
const ranker = rankerWith(settings);

/** A request for parsing treebanks of the medical domain. */
const medicalParsing: DialogueState = {
  ...emptyDialogueState(),
  request: 'medical dependency parsing treebanks',
  constraints: {
    task: { value: 'dependency parsing', source: 'request' },
    domain: { value: 'Medical', source: 'request' },
  },
};

describe('ranking the candidates for a state', () => {
  it('puts, of the best candidates, those saying a stated domain first', async () => {
    const { ranked } = await ranker.candidatesFor(medicalParsing, 5);
    expect(ranked.map((candidate) => candidate.datasetId)).toEqual([
      'parse-7',
      'parse-0',
      'parse-1',
      'parse-2',
      'parse-3',
    ]);
  });

  it('finds the datasets saying a stated domain below the first candidates', async () => {
    const deeper = rankerWith({ ...settings, domainPool: 30 });
    const { ranked, adjustments } = await deeper.candidatesFor(medicalParsing, 5);
    expect(ranked.map((candidate) => candidate.datasetId)).toEqual([
      'parse-7',
      'parse-24',
      'parse-0',
      'parse-1',
      'parse-2',
    ]);
    expect(adjustments).toContain('2 saying Medical first');
  });

  it('leaves the order when fewer datasets than the minimum say the stated domain', async () => {
    const one = await rankerWith({ ...settings, domainMinimum: 2 }).candidatesFor(
      medicalParsing,
      3,
    );
    expect(one.ranked.map((candidate) => candidate.datasetId)).toEqual([
      'parse-0',
      'parse-1',
      'parse-2',
    ]);
    expect(one.adjustments.some((note) => note.includes('saying Medical'))).toBe(false);
    const two = await rankerWith({ ...settings, domainMinimum: 2, domainPool: 30 }).candidatesFor(
      medicalParsing,
      3,
    );
    expect(two.ranked.map((candidate) => candidate.datasetId)).toEqual([
      'parse-7',
      'parse-24',
      'parse-0',
    ]);
  });

  it("puts, of the best candidates, those saying a stated task's one distinctive word first", async () => {
    // "sign detection": "detection" is generic, so "sign" tells the task; only parse-2 says it.
    const state: DialogueState = {
      ...emptyDialogueState(),
      request: 'sign detection treebanks',
      constraints: { task: { value: 'sign detection', source: 'request' } },
    };
    const first = async (taskWindow: number) =>
      (await rankerWith({ ...settings, taskWindow }).candidatesFor(state, 3)).ranked.map(
        (candidate) => candidate.datasetId,
      );
    expect(await first(20)).toEqual(['parse-2', 'parse-0', 'parse-1']);
    expect(await first(0)).toEqual(['parse-0', 'parse-1', 'parse-2']);
  });

  it('finds the datasets in a stated language below the first candidates', async () => {
    const state: DialogueState = {
      ...emptyDialogueState(),
      request: 'dependency parsing treebanks',
      constraints: {
        task: { value: 'dependency parsing', source: 'request' },
        language: { value: 'Basque', source: 'refinement' },
      },
    };
    const { ranked, unmet } = await ranker.candidatesFor(state, 5);
    expect(unmet).toBeNull();
    expect(ranked[0]?.datasetId).toBe('parse-29');
    // With the language as a filter, the task is searched for, not the language's name.
    expect(searches.find((search) => search.language === 'Basque')?.query).toBe(
      'dependency parsing treebanks',
    );
    // Found by both searches, a dataset is shown once.
    const ids = ranked.map((candidate) => candidate.datasetId);
    expect(new Set(ids).size).toBe(ids.length);
    // English puts nothing first for saying so: only datasets in other languages leave.
    const english = await ranker.candidatesFor(
      {
        ...state,
        constraints: { ...state.constraints, language: { value: 'English', source: 'request' } },
      },
      5,
    );
    expect(english.ranked.map((candidate) => candidate.datasetId)).toEqual([
      'parse-0',
      'parse-1',
      'parse-2',
      'parse-3',
      'parse-4',
    ]);
    // English asked for in a refinement is not a searched word (it brings up translation corpora).
    await ranker.candidatesFor(
      {
        ...state,
        constraints: { ...state.constraints, language: { value: 'English', source: 'refinement' } },
      },
      5,
    );
    expect(searches.at(-1)?.query).toBe('dependency parsing treebanks');
  });
});

describe('the query a state searches with', () => {
  it('leaves out the years the request is bounded by, and keeps other numbers', () => {
    const state: DialogueState = {
      ...emptyDialogueState(),
      request: 'face recognition sets released after 2020, like WMT 2014',
      yearMin: 2021,
    };
    expect(effectiveQuery(state)).toBe('face recognition sets released after like WMT 2014');
    expect(effectiveQuery({ ...state, yearMin: null })).toContain('2020');
  });

  it('leaves out a compound whose last word was taken back, and keeps one it only starts', () => {
    const state: DialogueState = {
      ...emptyDialogueState(),
      request: 'which still-image benchmarks have image-level labels',
      dropped: ['image'],
    };
    expect(effectiveQuery(state)).toBe('which benchmarks have image-level labels');
  });
});

describe('ranking a refined state by meaning', () => {
  it('moves up, after a refinement, a candidate the recommender finds close to the focus in meaning', async () => {
    const asked: string[] = [];
    const meaningful = {
      ...recommender,
      similarity(text: string, ids: readonly string[]) {
        asked.push(text);
        return Promise.resolve(new Map(ids.map((id) => [id, id === 'parse-12' ? 0.9 : 0.1])));
      },
    };
    const state: DialogueState = {
      ...emptyDialogueState(),
      request: 'dependency parsing treebanks',
      focus: ['cardiology wards'],
    };
    const rankerWith = (focusMeaningWeight: number) =>
      createCandidateRanker({
        recommender: meaningful,
        catalog: byId,
        taxonomy: createTaskTaxonomy(['Dependency Parsing']),
        terms: createCatalogTerms(byId),
        settings: { ...settings, focusMeaningWeight },
      });
    const byMeaning = await rankerWith(1).candidatesFor(state, 5);
    expect(byMeaning.ranked[0]?.datasetId).toBe('parse-12');
    expect(asked).toEqual(['cardiology wards']);
    // At weight 0 the recommender is not asked, and its order stands.
    const byWords = await rankerWith(0).candidatesFor(state, 5);
    expect(byWords.ranked[0]?.datasetId).toBe('parse-0');
    expect(asked).toHaveLength(1);
  });
});

describe('a task named in a refinement', () => {
  const sounds = [
    { id: 'boxes', tasks: ['Object Detection'], modalities: ['Images'] },
    { id: 'clips', tasks: ['Audio Classification'], modalities: ['Audio'] },
    { id: 'events', tasks: ['Sound Event Detection'], modalities: ['Audio'] },
  ].map((fields) =>
    datasetWithDefaults({ description: `Data ${fields.id}.`, ...fields, source: 'pwc' }),
  );
  const inOrder = {
    size: sounds.length,
    recommend: () =>
      Promise.resolve(
        sounds.map((dataset, index) => ({
          datasetId: dataset.id,
          name: dataset.name,
          score: 1 - index / 100,
          explanation: { matchedTerms: [], reasons: [] },
        })),
      ),
  } as unknown as DatasetRecommender;
  const soundsById = new Map(sounds.map((dataset) => [dataset.id, dataset]));

  it('puts first the datasets declaring it in the kind of data stated, not in another', async () => {
    const ranker = createCandidateRanker({
      recommender: inOrder,
      catalog: soundsById,
      taxonomy: createTaskTaxonomy(['Object Detection', 'Sound Event Detection']),
      terms: createCatalogTerms(soundsById),
      settings,
    });
    const state: DialogueState = {
      ...emptyDialogueState(),
      request: 'environmental sounds',
      constraints: {
        task: { value: 'sound event detection', source: 'refinement' },
        modality: { value: 'Audio', source: 'request' },
      },
    };
    const { ranked } = await ranker.candidatesFor(state, 3);
    expect(ranked.map((candidate) => candidate.datasetId)).toEqual(['events']);
  });
});
