import { describe, expect, it } from 'vitest';
import { isAppError } from '@quarry/core';
import { createBm25Index } from './bm25.js';
import type { Bm25Document, Bm25Field } from './bm25.js';

/** Splits on spaces, so scores can be checked by hand. */
const spaceAnalyzer = (text: string): string[] => text.split(' ').filter((term) => term.length > 0);

function idf(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** A straightforward BM25F scorer to check the index against. */
function referenceScore(
  documents: readonly Bm25Document[],
  setup: { fields: readonly Required<Bm25Field>[]; k1: number },
  query: { terms: readonly string[]; id: string },
): number {
  const analyzed = documents.map((document) =>
    setup.fields.map((field) => spaceAnalyzer(document.fields[field.name] ?? '')),
  );
  const averages = setup.fields.map(
    (_, field) =>
      analyzed.reduce((sum, fields) => sum + (fields[field]?.length ?? 0), 0) / documents.length,
  );
  const target = analyzed[documents.findIndex((document) => document.id === query.id)] ?? [];
  let score = 0;
  for (const term of query.terms) {
    const documentFrequency = analyzed.filter((fields) =>
      fields.some((terms) => terms.includes(term)),
    ).length;
    if (documentFrequency === 0) continue;
    let frequency = 0;
    for (const [field, setting] of setup.fields.entries()) {
      const terms = target[field] ?? [];
      const count = terms.filter((candidate) => candidate === term).length;
      const norm = 1 - setting.b + (setting.b * terms.length) / (averages[field] ?? 1);
      frequency += (setting.weight * count) / norm;
    }
    if (frequency > 0) {
      score += (idf(documents.length, documentFrequency) * frequency) / (setup.k1 + frequency);
    }
  }
  return score;
}

/** A deterministic pseudo-random corpus over a small vocabulary. */
function syntheticCorpus(count: number): Bm25Document[] {
  let seed = 42;
  const next = (): number => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const vocabulary = Array.from({ length: 40 }, (_, index) => `w${index}`);
  const words = (length: number): string =>
    Array.from({ length }, () => vocabulary[Math.floor(next() ** 2 * vocabulary.length)]).join(' ');
  return Array.from({ length: count }, (_, index) => ({
    id: `d${index}`,
    fields: { title: words(1 + Math.floor(next() * 4)), body: words(3 + Math.floor(next() * 20)) },
  }));
}

describe('createBm25Index', () => {
  it('scores a single-field corpus as the BM25 formula says', () => {
    const index = createBm25Index({ fields: [{ name: 'text' }], analyzer: spaceAnalyzer });
    index.addAll([
      { id: 'd1', fields: { text: 'apple banana' } },
      { id: 'd2', fields: { text: 'apple cherry cherry' } },
      { id: 'd3', fields: { text: 'date' } },
    ]);
    const hits = index.search('cherry', { limit: 10 });
    // avglen = 2, len(d2) = 3, so norm = 1 - 0.4 + 0.4 * 1.5 = 1.2 and tf = 2 / 1.2.
    const frequency = 2 / 1.2;
    const expected = (idf(3, 1) * frequency) / (0.9 + frequency);
    expect(hits).toHaveLength(1);
    expect(hits[0]?.id).toBe('d2');
    expect(hits[0]?.score).toBeCloseTo(expected, 10);
  });

  it('matches a reference BM25F scorer on a multi-field corpus', () => {
    const documents = syntheticCorpus(300);
    const fields = [
      { name: 'title', weight: 1, b: 0.75 },
      { name: 'body', weight: 0.3, b: 0.4 },
    ];
    const index = createBm25Index({ fields, k1: 1.2, analyzer: spaceAnalyzer });
    index.addAll(documents);
    const query = 'w3 w17 w3 w39';
    const hits = index.search(query, { limit: 20 });
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      const expected = referenceScore(
        documents,
        { fields, k1: 1.2 },
        { terms: spaceAnalyzer(query), id: hit.id },
      );
      expect(hit.score).toBeCloseTo(expected, 5);
    }
    const scores = hits.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
  });

  it('ranks a match in a heavy field above the same match in a light field', () => {
    const index = createBm25Index({
      fields: [{ name: 'sentence' }, { name: 'context', weight: 0.3 }],
    });
    index.add({
      id: 'in-context',
      fields: { sentence: 'We train a model.', context: 'ImageNet.' },
    });
    index.add({
      id: 'in-sentence',
      fields: { sentence: 'We train on ImageNet.', context: 'A model.' },
    });
    expect(index.search('imagenet', { limit: 2 }).map((hit) => hit.id)).toEqual([
      'in-sentence',
      'in-context',
    ]);
  });

  it('analyzes documents and queries alike by default (stopwords, stems, hyphens)', () => {
    const index = createBm25Index({ fields: [{ name: 'name' }, { name: 'description' }] });
    index.add({
      id: 'squad',
      fields: { name: 'SQuAD', description: 'Reading comprehension questions' },
    });
    index.add({
      id: 'coco',
      fields: { name: 'COCO', description: 'Pre-trained detectors and images' },
    });
    expect(index.search('question', { limit: 5 }).map((hit) => hit.id)).toEqual(['squad']);
    expect(index.search('pretrained detector', { limit: 5 }).map((hit) => hit.id)).toEqual([
      'coco',
    ]);
    expect(index.search('the and of', { limit: 5 })).toEqual([]);
  });

  it('applies limit and filter, and breaks ties by insertion order', () => {
    const index = createBm25Index<number>({ fields: [{ name: 'text' }], analyzer: spaceAnalyzer });
    for (let id = 0; id < 10; id++) index.add({ id, fields: { text: 'same words' } });
    expect(index.search('same', { limit: 3 }).map((hit) => hit.id)).toEqual([0, 1, 2]);
    const even = index.search('same', { limit: 3, filter: (id) => id % 2 === 0 });
    expect(even.map((hit) => hit.id)).toEqual([0, 2, 4]);
    expect(index.search('same', { limit: 0 })).toEqual([]);
    expect(index.search('absent', { limit: 3 })).toEqual([]);
  });

  it('scores given ids exactly as search does, in the order given', () => {
    const documents = syntheticCorpus(500);
    const index = createBm25Index({
      fields: [{ name: 'title' }, { name: 'body', weight: 0.3 }],
      analyzer: spaceAnalyzer,
    });
    index.addAll(documents);
    const hits = index.search('w1 w5 w22', { limit: 50 });
    const reversed = [...hits].reverse();
    const rescored = index.scoreDocuments(
      'w1 w5 w22',
      reversed.map((hit) => hit.id),
    );
    expect(rescored).toEqual(reversed);
    expect(index.scoreDocuments('w1', ['missing-id'])).toEqual([{ id: 'missing-id', score: 0 }]);
  });

  it('gives the same results when documents arrive in batches between queries', () => {
    const documents = syntheticCorpus(400);
    const setup = {
      fields: [{ name: 'title' }, { name: 'body', weight: 0.5 }],
      analyzer: spaceAnalyzer,
    };
    const atOnce = createBm25Index(setup);
    atOnce.addAll(documents);
    const incremental = createBm25Index(setup);
    let added = 0;
    for (let batch = 1; added < documents.length; batch++) {
      incremental.addAll(documents.slice(added, added + batch));
      added += batch;
      incremental.search('w2', { limit: 1 });
    }
    expect(incremental.size).toBe(documents.length);
    for (const query of ['w0', 'w7 w8', 'w30 w2 w2']) {
      expect(incremental.search(query, { limit: 25 })).toEqual(atOnce.search(query, { limit: 25 }));
    }
    const ids = documents.slice(0, 60).map((document) => document.id);
    expect(incremental.scoreDocuments('w4 w9', ids)).toEqual(atOnce.scoreDocuments('w4 w9', ids));
  });

  it('counts a term repeated in the query again', () => {
    const index = createBm25Index({ fields: [{ name: 'text' }], analyzer: spaceAnalyzer });
    index.addAll([
      { id: 'a', fields: { text: 'x y' } },
      { id: 'b', fields: { text: 'z' } },
    ]);
    const once = index.search('x', { limit: 1 })[0]?.score ?? 0;
    const twice = index.search('x x', { limit: 1 })[0]?.score ?? 0;
    expect(twice).toBeCloseTo(2 * once, 12);
  });

  it('rejects duplicate ids, unknown fields, bad options and bad limits with AppErrors', () => {
    const index = createBm25Index({ fields: [{ name: 'text' }] });
    index.add({ id: 'a', fields: { text: 'hello' } });
    expect(index.has('a')).toBe(true);
    const codeOf = (action: () => unknown): string | undefined => {
      try {
        action();
      } catch (error) {
        return isAppError(error) ? error.code : 'not an AppError';
      }
      return undefined;
    };
    expect(codeOf(() => index.add({ id: 'a', fields: { text: 'again' } }))).toBe('conflict');
    expect(codeOf(() => index.add({ id: 'b', fields: { title: 'x' } }))).toBe('invalid_input');
    expect(index.size).toBe(1);
    expect(codeOf(() => index.search('hello', { limit: -1 }))).toBe('invalid_input');
    expect(codeOf(() => index.search('hello', { limit: 1.5 }))).toBe('invalid_input');
    expect(codeOf(() => createBm25Index({ fields: [] }))).toBe('invalid_input');
    expect(codeOf(() => createBm25Index({ fields: [{ name: 'x' }, { name: 'x' }] }))).toBe(
      'invalid_input',
    );
    expect(codeOf(() => createBm25Index({ fields: [{ name: 'x' }], b: 2 }))).toBe('invalid_input');
    expect(codeOf(() => createBm25Index({ fields: [{ name: 'x' }], k1: -1 }))).toBe(
      'invalid_input',
    );
    expect(codeOf(() => createBm25Index({ fields: [{ name: 'x', weight: Number.NaN }] }))).toBe(
      'invalid_input',
    );
  });

  it('treats documents with empty fields as present but matching nothing', () => {
    const index = createBm25Index({ fields: [{ name: 'text' }] });
    index.add({ id: 'empty', fields: {} });
    index.add({ id: 'full', fields: { text: 'graph neural network' } });
    expect(index.search('graph', { limit: 5 }).map((hit) => hit.id)).toEqual(['full']);
    expect(index.scoreDocuments('graph', ['empty'])).toEqual([{ id: 'empty', score: 0 }]);
  });

  it('scores a full match: an average-length document holding each query word once', () => {
    const index = createBm25Index({ fields: [{ name: 'text' }], k1: 1, b: 1 });
    index.add({ id: 'a', fields: { text: 'fast detector' } });
    index.add({ id: 'b', fields: { text: 'slow tracker' } });
    // Both documents have the average length, so "fast detector" matches the query fully.
    const [hit] = index.search('fast detector', { limit: 1 });
    expect(index.fullMatchScore('fast detector')).toBeCloseTo(hit?.score ?? 0);
    // A query word no document holds raises the yardstick: the same hit covers less of the query.
    expect(index.fullMatchScore('fast detector camera')).toBeGreaterThan(hit?.score ?? 0);
    expect(index.fullMatchScore('the of')).toBe(0);
  });
});

describe('BM25 fork', () => {
  const fields = [{ name: 'body' }, { name: 'title', weight: 0.5 }];
  const documentAt = (position: number): Bm25Document => ({
    id: `d${position}`,
    fields: {
      body: `alpha ${position % 3 === 0 ? 'beta ' : ''}gamma${position % 7} term${position} ${'delta '.repeat(position % 4)}`,
      title: position % 5 === 0 ? 'beta title' : 'plain title',
    },
  });
  const queries = ['beta', 'alpha gamma3', 'delta title beta', 'term12 unknown', 'new words here'];

  it('scores a fork plus new documents exactly as an index built from scratch', () => {
    const base = createBm25Index({ fields, k1: 1.1, b: 0.6 });
    for (let position = 0; position < 40; position++) base.add(documentAt(position));
    base.search('alpha', { limit: 5 });
    const before = queries.map((query) => base.search(query, { limit: 50 }));

    const fork = base.fork();
    for (let position = 40; position < 45; position++) fork.add(documentAt(position));
    fork.add({ id: 'extra', fields: { body: 'new words here and beta', title: 'new title' } });
    const scratch = createBm25Index({ fields, k1: 1.1, b: 0.6 });
    for (let position = 0; position < 45; position++) scratch.add(documentAt(position));
    scratch.add({ id: 'extra', fields: { body: 'new words here and beta', title: 'new title' } });

    expect(fork.size).toBe(46);
    for (const query of queries) {
      expect(fork.search(query, { limit: 50 })).toEqual(scratch.search(query, { limit: 50 }));
      expect(fork.fullMatchScore(query)).toBe(scratch.fullMatchScore(query));
      const ids = ['d1', 'd42', 'extra', 'missing'];
      expect(fork.scoreDocuments(query, ids)).toEqual(scratch.scoreDocuments(query, ids));
    }
    // The original is untouched: same size, same results.
    expect(base.size).toBe(40);
    expect(base.has('extra')).toBe(false);
    expect(queries.map((query) => base.search(query, { limit: 50 }))).toEqual(before);
  });

  it('forks a fork, and forks an index whose postings are still in its log', () => {
    const base = createBm25Index({ fields });
    for (let position = 0; position < 10; position++) base.add(documentAt(position));
    const first = base.fork();
    first.add(documentAt(10));
    const second = first.fork();
    second.add(documentAt(11));
    const scratch = createBm25Index({ fields });
    for (let position = 0; position < 12; position++) scratch.add(documentAt(position));
    expect(second.search('beta delta', { limit: 20 })).toEqual(
      scratch.search('beta delta', { limit: 20 }),
    );
    expect(first.size).toBe(11);
    expect(base.size).toBe(10);
    expect(() => second.add(documentAt(3))).toThrow(/already in the BM25 index/);
  });
});
