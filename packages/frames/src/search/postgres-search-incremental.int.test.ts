/**
 * The PostgreSQL search backend changes only the rows of the paper that changed: adding, replacing
 * and deleting a paper leaves every other paper's frame_search rows and postings as they were, and
 * the corpus statistics (frame count, field lengths, document frequencies) equal a recount from
 * scratch. Retitling a paper refreshes its title field the same way (migrations/0014); re-embedding
 * (`quarry index --reembed`) replaces every vector batch by batch and leaves the rows as they were. Two processes' worth of connections on one database: a paper indexed through one is
 * found through the other at once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Store } from '@quarry/store';
import { createHashingEmbedder } from '@quarry/testing';
import { analyze } from '@quarry/text';
import { resolveFrameIndexSettings } from '../frame-index-settings.js';
import { generateQuestions } from '../questions/generate-questions.js';
import { createRuleQuestionGenerator } from '../questions/rule-question-generator.js';
import { generatedPaper, generatedPapers } from '../test-support/generated-papers.js';
import {
  postgresRequired,
  postgresTestDatabases,
  postgresTestUrl,
} from '../test-support/search-test-stores.js';
import { indexForPostgresSearch, papersMissingFromSearch } from './index-for-postgres-search.js';
import { createPostgresAnswerSearch } from './postgres-answer-search.js';
import { paperFrom } from '@quarry/testing';

const embedder = createHashingEmbedder();
const settings = resolveFrameIndexSettings();
const databases = postgresTestDatabases(postgresTestUrl ?? '');
let url: string;
let store: Store;

it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(postgresTestUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

async function addPapers(target: Store, papers: ReturnType<typeof generatedPapers>) {
  for (const paper of papers) await target.papers.upsert(paper);
  const paperIds = papers.map((paper) => paper.id);
  await generateQuestions({ store: target, generator: createRuleQuestionGenerator(), paperIds });
  await indexForPostgresSearch({ store: target, embedder, settings, paperIds, batchPapers: 4 });
}

/** Every frame_search row and posting of papers other than `paperId`. */
async function rowsBesides(paperId: string): Promise<unknown[]> {
  const { rows } = await store.client.query(
    `SELECT fs.*, (SELECT array_agg(sp.term_id::text || ':' || sp.impact::text ORDER BY sp.term_id)
                   FROM search_postings sp WHERE sp.frame_id = fs.frame_id) AS postings
     FROM frame_search fs WHERE fs.paper_id <> $1 ORDER BY fs.frame_id`,
    [paperId],
  );
  return rows;
}

/** The maintained statistics and the same figures counted from scratch. */
async function statistics(): Promise<{ kept: unknown; counted: unknown }> {
  const kept = await store.client.query(
    `SELECT (SELECT row_to_json(c)::text FROM (SELECT frame_count::int, sentence_length::int,
              context_length::int, title_length::int FROM search_corpus) c) AS corpus,
            (SELECT json_agg(json_build_array(id, frame_count) ORDER BY id)::text
             FROM search_terms WHERE frame_count > 0) AS terms`,
  );
  const counted = await store.client.query(
    `SELECT (SELECT row_to_json(c)::text FROM (SELECT count(*)::int AS frame_count,
              coalesce(sum(sentence_length), 0)::int AS sentence_length,
              coalesce(sum(context_length), 0)::int AS context_length,
              coalesce(sum(title_length), 0)::int AS title_length FROM frame_search) c) AS corpus,
            (SELECT json_agg(json_build_array(term_id, frames) ORDER BY term_id)::text
             FROM (SELECT term_id, count(*)::int AS frames FROM frame_search, unnest(terms) AS term_id
                   GROUP BY term_id) d) AS terms`,
  );
  return { kept: kept.rows[0], counted: counted.rows[0] };
}

beforeAll(async () => {
  if (!postgresTestUrl) return;
  url = await databases.create();
  store = await databases.open(url);
  await addPapers(store, generatedPapers(8));
});

afterAll(async () => {
  await store?.close();
  await databases.dispose();
});

it.skipIf(!postgresRequired && !postgresTestUrl)(
  'adding a paper leaves every other paper rows alone',
  async () => {
    const before = await rowsBesides('generated-8');
    await addPapers(store, [generatedPaper(8)]);
    expect(await rowsBesides('generated-8')).toEqual(before);
    const { kept, counted } = await statistics();
    expect(kept).toEqual(counted);
    const search = createPostgresAnswerSearch({ store, embedder });
    const result = await search.search({ query: 'Study 8', limit: 5 });
    expect(result.hits.map((hit) => hit.paperId)).toContain('generated-8');
  },
);

it.skipIf(!postgresRequired && !postgresTestUrl)(
  'indexing a paper again gives its postings the same impacts (statistics without its old rows)',
  async () => {
    // Sentences far longer than the corpus average, so counting its old rows twice would move
    // the average lengths the impacts are computed with.
    const long = paperFrom({
      id: 'long-sentences',
      title: 'Long sentences about glacier sediment transport',
      year: 2021,
      sections: [
        {
          title: 'Method',
          sentences: [
            `We measure glacier sediment transport ${'with repeated careful field surveys '.repeat(12)}over three summers.`,
            `Sediment yield rises with melt ${'and with basal sliding in every surveyed basin '.repeat(10)}as expected.`,
          ],
        },
      ],
    });
    await addPapers(store, [long]);
    const impacts = async () =>
      (
        await store.client.query<{ frame: number; term: number; impact: number }>(
          `SELECT sp.frame_id - min(sp.frame_id) OVER () AS frame, sp.term_id AS term, sp.impact
           FROM search_postings sp JOIN frame_search fs ON fs.frame_id = sp.frame_id
           WHERE fs.paper_id = $1 ORDER BY sp.frame_id, sp.term_id`,
          [long.id],
        )
      ).rows;
    const before = await impacts();
    expect(before.length).toBeGreaterThan(0);
    await indexForPostgresSearch({
      store,
      embedder,
      settings,
      paperIds: [long.id],
      batchPapers: 4,
    });
    expect(await impacts()).toEqual(before);
    await store.papers.remove(long.id);
  },
);

it.skipIf(!postgresRequired && !postgresTestUrl)(
  'replacing and deleting a paper change only its rows',
  async () => {
    const before = await rowsBesides('generated-3');
    const search = createPostgresAnswerSearch({ store, embedder });
    // Cached now: the replacement must be read again.
    const old = await search.findInPaper({
      paperId: 'generated-3',
      query: 'encoder',
      mode: 'text',
    });
    expect(old.hits.length).toBeGreaterThan(0);
    const replacement = paperFrom({
      id: 'generated-3',
      title: 'Quantum annealing for protein folding',
      year: 2021,
      sections: [
        { title: 'Abstract', sentences: ['Quantum annealing folds small proteins well.'] },
      ],
    });
    await addPapers(store, [replacement]);
    expect(await rowsBesides('generated-3')).toEqual(before);
    let { kept, counted } = await statistics();
    expect(kept).toEqual(counted);
    const found = await search.search({ query: 'quantum annealing proteins', limit: 3 });
    expect(found.hits[0]?.text).toBe('Quantum annealing folds small proteins well.');
    const inPaper = await search.findInPaper({
      paperId: 'generated-3',
      query: 'proteins',
      mode: 'question',
    });
    expect(inPaper.hits.map((hit) => hit.text)).toEqual([
      'Quantum annealing folds small proteins well.',
    ]);

    await store.papers.remove('generated-3');
    expect(await rowsBesides('generated-3')).toEqual(before);
    ({ kept, counted } = await statistics());
    expect(kept).toEqual(counted);
    const gone = await search.search({ query: 'quantum annealing proteins', limit: 10 });
    expect(gone.hits.map((hit) => hit.paperId)).not.toContain('generated-3');
    await expect(
      search.findInPaper({ paperId: 'generated-3', query: 'proteins', mode: 'question' }),
    ).rejects.toThrow(/not in the answer index/);
  },
);

it.skipIf(!postgresRequired && !postgresTestUrl)(
  'a paper indexed through one process is found through another within a second',
  async () => {
    const other = await databases.open(url);
    try {
      const reader = createPostgresAnswerSearch({ store: other, embedder });
      const paper = paperFrom({
        id: 'shared-upload',
        title: 'Zebrafish regeneration atlas',
        year: 2022,
        sections: [{ title: 'Abstract', sentences: ['Zebrafish regrow their fins within weeks.'] }],
      });
      const before = await reader.search({ query: 'zebrafish fins regrow', limit: 3 });
      expect(before.hits.map((hit) => hit.paperId)).not.toContain(paper.id);
      await addPapers(store, [paper]);
      const indexedAt = performance.now();
      let foundAfter = Number.POSITIVE_INFINITY;
      while (performance.now() - indexedAt < 1000) {
        const result = await reader.search({ query: 'zebrafish fins regrow', limit: 3 });
        if (result.hits[0]?.paperId === paper.id) {
          foundAfter = performance.now() - indexedAt;
          break;
        }
      }
      expect(foundAfter).toBeLessThan(1000);
    } finally {
      await other.close();
    }
  },
);

/** Per field, how many of a paper's frames hold `word`'s term. */
async function framesWithTerm(paperId: string, word: string): Promise<Record<string, number>> {
  const [term] = analyze(word);
  const { rows } = await store.client.query<Record<string, number>>(
    `SELECT count(*) FILTER (WHERE fs.sentence_tf[slot] > 0)::int AS sentence,
            count(*) FILTER (WHERE fs.context_tf[slot] > 0)::int AS context,
            count(*) FILTER (WHERE fs.title_tf[slot] > 0)::int AS title
     FROM frame_search fs
     CROSS JOIN LATERAL (SELECT array_position(fs.terms, t.id) AS slot
                         FROM search_terms t WHERE t.term = $2) AS found
     WHERE fs.paper_id = $1 AND found.slot IS NOT NULL`,
    [paperId, term],
  );
  return rows[0] ?? {};
}

it.skipIf(!postgresRequired && !postgresTestUrl)(
  'retitling a paper refreshes only its rows: found by its new title, no longer by its old one',
  async () => {
    const paper = paperFrom({
      id: 'retitled',
      title: 'Glacier calving dynamics',
      year: 2020,
      sections: [
        {
          title: 'Abstract',
          sentences: ['Ice shelves lose mass every summer.', 'Warm water melts their base.'],
        },
      ],
    });
    await addPapers(store, [paper]);
    const search = createPostgresAnswerSearch({ store, embedder });
    const lexicalHits = async (query: string) =>
      (await search.search({ query, limit: 10 })).hits.filter(
        (hit) => hit.paperId === paper.id && hit.lexical > 0,
      );
    expect(await lexicalHits('glacier')).toHaveLength(2);
    const before = await rowsBesides(paper.id);

    // What the start-up title repair does (repair-paper-titles.ts), then what serve does at start.
    expect(await store.papers.retitle({ id: paper.id, title: 'Coral reef bleaching' })).toBe(true);
    expect(await papersMissingFromSearch(store)).toEqual([paper.id]);
    await indexForPostgresSearch({
      store,
      embedder,
      settings,
      paperIds: await papersMissingFromSearch(store),
      batchPapers: 4,
    });

    expect(await framesWithTerm(paper.id, 'coral')).toEqual({ sentence: 0, context: 0, title: 2 });
    expect(await framesWithTerm(paper.id, 'glacier')).toEqual({
      sentence: 0,
      context: 0,
      title: 0,
    });
    const found = await lexicalHits('coral');
    expect(found).toHaveLength(2);
    expect(found[0]?.paperTitle).toBe('Coral reef bleaching');
    expect(await lexicalHits('glacier')).toEqual([]);
    expect(await rowsBesides(paper.id)).toEqual(before);
    const { kept, counted } = await statistics();
    expect(kept).toEqual(counted);
  },
);

/** Every stored vector of the test embedder's model, by owner. */
async function storedVectors(): Promise<Map<string, string>> {
  const { rows } = await store.client.query<{ owner: string; embedding: string }>(
    `SELECT owner_kind || ':' || owner_id AS owner, embedding::text AS embedding FROM vectors
     WHERE model = $1 ORDER BY owner_kind, owner_id`,
    [embedder.modelId],
  );
  return new Map(rows.map((row) => [row.owner, row.embedding]));
}

it.skipIf(!postgresRequired && !postgresTestUrl)(
  're-embedding replaces every vector batch by batch and leaves the BM25F rows and ranking as they were',
  async () => {
    const search = createPostgresAnswerSearch({ store, embedder });
    const queries = ['Study 5', 'learning rate with Adam', 'mean IoU on Cityscapes'];
    const ranked = await Promise.all(queries.map((query) => search.search({ query, limit: 10 })));
    const documents = async () =>
      (
        await store.client.query(
          `SELECT frame_id, paper_id, answerable, sentence_length, context_length, title_length,
                  terms, sentence_tf, context_tf, title_tf FROM frame_search ORDER BY frame_id`,
        )
      ).rows;
    const before = { vectors: await storedVectors(), documents: await documents() };
    // Several questions share a text: each must get the new vector, not keep the old one.
    const { rows } = await store.client.query<{ shared: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM questions GROUP BY text HAVING count(*) > 1) AS shared`,
    );
    expect(rows[0]?.shared).toBe(true);
    await store.client.query(
      `UPDATE vectors SET embedding = array_fill(0.5::real, ARRAY[dim])::vector WHERE model = $1`,
      [embedder.modelId],
    );

    const { rows: papers } = await store.client.query<{ id: string }>(
      'SELECT id FROM papers ORDER BY id',
    );
    const batches: number[] = [];
    const stats = await indexForPostgresSearch({
      store,
      embedder,
      settings,
      paperIds: papers.map((paper) => paper.id),
      batchPapers: 3,
      embed: 'all',
      onProgress: (done) => batches.push(done.papers),
    });
    // One progress report per batch of three papers: never the whole collection at once.
    expect(batches).toEqual(
      Array.from({ length: Math.ceil(papers.length / 3) }, (_, batch) =>
        Math.min(papers.length, (batch + 1) * 3),
      ),
    );
    expect(stats.embeddedFrames).toBe(stats.frames);
    expect(await storedVectors()).toEqual(before.vectors);
    expect(await documents()).toEqual(before.documents);
    const { kept, counted } = await statistics();
    expect(kept).toEqual(counted);
    const after = await Promise.all(queries.map((query) => search.search({ query, limit: 10 })));
    expect(after.map((result) => result.hits)).toEqual(ranked.map((result) => result.hits));
  },
);

it.skipIf(!postgresRequired && !postgresTestUrl)(
  'deleting or replacing a paper while a writer holds the corpus waits for it, never deadlocks',
  async () => {
    const writerProcess = await databases.open(url);
    try {
      for (const change of ['replace', 'delete'] as const) {
        const paper = generatedPaper(20);
        await addPapers(store, [paper]);
        let pending: Promise<unknown> | undefined;
        // A search writer: the corpus row first (as every writer locks it), then this paper's rows.
        await writerProcess.client.transaction(async (writer) => {
          await writer.query('SELECT 1 FROM search_corpus FOR UPDATE');
          pending =
            change === 'delete'
              ? store.papers.remove(paper.id)
              : store.papers.upsert({ ...paper, title: `${paper.title} (revised)` });
          for (let waited = 0; ; waited += 20) {
            const { rows } = await writerProcess.client.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            );
            if ((rows[0]?.n ?? 0) > 0) break;
            if (waited > 5000) throw new Error(`the ${change} never waited for the corpus row`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          await writer.query('DELETE FROM frame_search WHERE paper_id = $1', [paper.id]);
        });
        await pending;
        const { kept, counted } = await statistics();
        expect(kept).toEqual(counted);
      }
      expect(await store.papers.get('generated-20')).toBeNull();
    } finally {
      await writerProcess.close();
    }
  },
);
