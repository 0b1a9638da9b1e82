/**
 * @module Writes the PostgreSQL search backend's rows for some papers: every frame's BM25F
 * document (frame_search), impact-ordered postings for its sentence and title terms, and a vector
 * for every question (the in-memory index shares one vector among questions of the same text; the
 * database looks vectors up by question id). Frame and question vectors are taken from the store or
 * embedded (load-frame-index.ts). A paper's old rows are replaced in the same transaction; corpus
 * statistics follow by trigger (migrations/0013), so only these papers' rows change.
 */
import type { Embedder } from '@quarry/core';
import type { SqlExecutor, Store } from '@quarry/store';
import { toVectorLiteral } from '@quarry/store';
import type { FrameIndexSettings } from '../frame-index-settings.js';
import { bm25fParameters, postingImpact } from './exact-bm25f.js';
import type { CorpusStatistics } from './exact-bm25f.js';
import type { FrameTerms } from './frame-terms.js';
import type { PapersForSearch } from './read-papers-for-search.js';
import { isAnswerable } from './answerable.js';

export interface SearchRowsWritten {
  papers: number;
  frames: number;
  postings: number;
  embeddedFrames: number;
  embeddedQuestions: number;
}

/** Writes the search rows of papers read by `readPapersForSearch`, replacing their old rows. */
export async function writeSearchRows(options: {
  store: Store;
  embedder: Embedder;
  settings: FrameIndexSettings;
  paperIds: readonly string[];
  loaded: PapersForSearch;
}): Promise<SearchRowsWritten> {
  const { store, embedder, settings, loaded } = options;
  const { frames, documents } = loaded;
  if (loaded.questionVectors) await writeQuestionVectors(store, embedder, loaded.questionVectors);
  const postings = await store.client.transaction(async (transaction) => {
    // Locks the statistics row first: writers queue here, never on term rows in another order.
    await lockedCorpus(transaction);
    await transaction.query('DELETE FROM frame_search WHERE paper_id = ANY($1::text[])', [
      [...new Set(options.paperIds)],
    ]);
    // Read again: the delete's trigger took the papers' old rows out of the statistics.
    const corpus = await lockedCorpus(transaction);
    if (frames.length === 0) return 0;
    const termIds = await termIdsOf(transaction, documents);
    const after = corpusAfter(corpus, documents);
    await transaction.query(
      `INSERT INTO frame_search (frame_id, paper_id, answerable, sentence_length, context_length,
         title_length, terms, sentence_tf, context_tf, title_tf)
       SELECT f, p, a, sl, cl, tl, t::int[], s::smallint[], c::smallint[], ti::smallint[]
       FROM unnest($1::int[], $2::text[], $3::bool[], $4::int[], $5::int[], $6::int[], $7::text[],
                   $8::text[], $9::text[], $10::text[]) AS r(f, p, a, sl, cl, tl, t, s, c, ti)`,
      [
        frames.map((frame) => Number(frame.id)),
        frames.map((frame) => frame.paperId),
        frames.map((frame) => isAnswerable(frame, settings.minAnswerWords)),
        documents.map((document) => document.lengths[0]),
        documents.map((document) => document.lengths[1]),
        documents.map((document) => document.lengths[2]),
        documents.map((document) => arrayLiteral(document.terms.map((term) => termIds.get(term)))),
        documents.map((document) => arrayLiteral(document.frequencies[0])),
        documents.map((document) => arrayLiteral(document.frequencies[1])),
        documents.map((document) => arrayLiteral(document.frequencies[2])),
      ],
    );
    const rows = postingRows({ loaded, documents, termIds, corpus: after, settings });
    for (let start = 0; start < rows.frameIds.length; start += postingBatch) {
      await transaction.query(
        `INSERT INTO search_postings (frame_id, term_id, impact)
         SELECT * FROM unnest($1::int[], $2::int[], $3::real[])`,
        [
          rows.frameIds.slice(start, start + postingBatch),
          rows.termIds.slice(start, start + postingBatch),
          rows.impacts.slice(start, start + postingBatch),
        ],
      );
    }
    return rows.frameIds.length;
  });
  return {
    papers: new Set(frames.map((frame) => frame.paperId)).size,
    frames: frames.length,
    postings,
    embeddedFrames: loaded.embeddedFrames,
    embeddedQuestions: loaded.embeddedQuestions,
  };
}

/** Postings per INSERT statement. */
const postingBatch = 200_000;

async function lockedCorpus(transaction: SqlExecutor): Promise<CorpusStatistics> {
  const { rows } = await transaction.query<Record<string, string>>(
    'SELECT frame_count, sentence_length, context_length, title_length FROM search_corpus FOR UPDATE',
  );
  const row = rows[0];
  return {
    frameCount: Number(row?.frame_count ?? 0),
    totalLengths: [
      Number(row?.sentence_length ?? 0),
      Number(row?.context_length ?? 0),
      Number(row?.title_length ?? 0),
    ],
  };
}

/** The statistics once `documents` are added (what the impacts are computed with). */
function corpusAfter(corpus: CorpusStatistics, documents: readonly FrameTerms[]): CorpusStatistics {
  const totals: [number, number, number] = [...corpus.totalLengths];
  for (const document of documents) {
    for (let field = 0; field < 3; field++) {
      totals[field] = (totals[field] ?? 0) + (document.lengths[field] ?? 0);
    }
  }
  return { frameCount: corpus.frameCount + documents.length, totalLengths: totals };
}

async function termIdsOf(
  transaction: SqlExecutor,
  documents: readonly FrameTerms[],
): Promise<Map<string, number>> {
  const terms = [...new Set(documents.flatMap((document) => document.terms))].sort();
  await transaction.query(
    'INSERT INTO search_terms (term) SELECT unnest($1::text[]) ON CONFLICT (term) DO NOTHING',
    [terms],
  );
  const { rows } = await transaction.query<{ id: number; term: string }>(
    'SELECT id, term FROM search_terms WHERE term = ANY($1::text[])',
    [terms],
  );
  return new Map(rows.map((row) => [row.term, Number(row.id)]));
}

/** One posting per answerable frame and term of its sentence or title field. */
function postingRows(options: {
  loaded: PapersForSearch;
  documents: readonly FrameTerms[];
  termIds: ReadonlyMap<string, number>;
  corpus: CorpusStatistics;
  settings: FrameIndexSettings;
}): { frameIds: number[]; termIds: number[]; impacts: number[] } {
  const parameters = bm25fParameters(options.settings);
  const frameIds: number[] = [];
  const termIds: number[] = [];
  const impacts: number[] = [];
  for (const [position, frame] of options.loaded.frames.entries()) {
    const document = options.documents[position];
    if (!document || !isAnswerable(frame, options.settings.minAnswerWords)) continue;
    for (const [slot, term] of document.terms.entries()) {
      const counts: [number, number, number] = [
        document.frequencies[0][slot] ?? 0,
        document.frequencies[1][slot] ?? 0,
        document.frequencies[2][slot] ?? 0,
      ];
      if (counts[0] === 0 && counts[2] === 0) continue;
      const termId = options.termIds.get(term);
      if (termId === undefined) continue;
      frameIds.push(Number(frame.id));
      termIds.push(termId);
      impacts.push(
        postingImpact({ counts, lengths: document.lengths, corpus: options.corpus, parameters }),
      );
    }
  }
  return { frameIds, termIds, impacts };
}

/**
 * Stores a vector under every question id that has none (questions of one text share one), or under
 * every question id when re-embedding (the old vector of the same model is replaced).
 */
async function writeQuestionVectors(
  store: Store,
  embedder: Embedder,
  loaded: NonNullable<PapersForSearch['questionVectors']>,
): Promise<void> {
  if (loaded.questions.length === 0) return;
  const onConflict = loaded.replace
    ? 'DO UPDATE SET dim = EXCLUDED.dim, embedding = EXCLUDED.embedding'
    : 'DO NOTHING';
  await store.client.query(
    `INSERT INTO vectors (owner_kind, owner_id, model, dim, embedding)
     SELECT 'question', owner_id, $1, $2, embedding::vector
     FROM unnest($3::text[], $4::text[]) AS t(owner_id, embedding)
     ON CONFLICT (owner_kind, owner_id, model) ${onConflict}`,
    [
      embedder.modelId,
      embedder.dimension,
      loaded.questions.map((question) => question.id),
      loaded.questions.map((_, row) => toVectorLiteral(loaded.vectors.row(row))),
    ],
  );
}

function arrayLiteral(values: readonly (number | undefined)[]): string {
  return `{${values.map((value) => value ?? 0).join(',')}}`;
}
