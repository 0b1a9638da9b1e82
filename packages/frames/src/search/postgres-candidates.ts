/**
 * @module The PostgreSQL backend's queries: corpus statistics, BM25 candidates from the
 * impact-ordered postings, dense candidates from the HNSW indexes (frames and questions), and the
 * features of the candidates (stored term frequencies, exact cosines, best question, texts). A
 * paper filter is an exact scan inside those papers (a paper is small); section and year filters
 * ride on HNSW iterative index scans (pgvector 0.8), which go on past `ef_search` until enough rows
 * pass the filter.
 */
import type { SectionKind, SectionRole } from '@quarry/core';
import type { SqlExecutor } from '@quarry/store';
import { toVectorLiteral } from '@quarry/store';
import type { FrameFilter } from '../indexed-frame.js';
import type { CorpusStatistics } from './exact-bm25f.js';
import { sectionLabelsFromRow } from './section-row.js';

export interface VectorSpace {
  /** The embedder's model id (a literal in the SQL, so the partial HNSW index applies). */
  model: string;
  dimension: number;
}

export interface LexicalStatistics {
  corpus: CorpusStatistics;
  /** Query terms some frame holds: term -> its id and document frequency. */
  terms: Map<string, { id: number; frameCount: number }>;
}

export interface CandidateFeatures {
  frameId: number;
  paperId: string;
  text: string;
  /** Term id -> its frequency in the sentence, context and title fields. */
  frequencies: Map<number, [number, number, number]>;
  lengths: [number, number, number];
  answerSimilarity: number;
  /** The frame has no vector of the search's model yet. */
  awaitsVector?: boolean;
  bestQuestion: { id: string; text: string; similarity: number } | null;
  paperTitle: string;
  paperYear: number | null;
  sectionIndex: number;
  sectionTitle: string;
  sentenceIndex: number;
  sourceIndex: number | null;
  charStart: number;
  charEnd: number;
  page: number | null;
  contextBefore: string;
  contextAfter: string;
  sectionKind: SectionKind;
  sectionRole: SectionRole;
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function vectorType(space: VectorSpace): string {
  return `vector(${Math.trunc(space.dimension)})`;
}

/** SQL conditions on `fs` (frame_search) for a filter, with their parameters from `$first` on. */
export function filterConditions(
  filter: FrameFilter,
  first: number,
): { sql: string; params: unknown[]; papers: boolean } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const next = (value: unknown) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  if (filter.paperIds !== undefined) {
    parts.push(`fs.paper_id = ANY(${next([...filter.paperIds])}::text[])`);
  }
  const section = filter.section?.trim().toLowerCase();
  if (section) {
    parts.push(
      `EXISTS (SELECT 1 FROM frames sf JOIN sections ss ON ss.paper_id = sf.paper_id
               AND ss.section_index = sf.section_index
               WHERE sf.id = fs.frame_id AND position(${next(section)} IN lower(ss.title)) > 0)`,
    );
  }
  if (filter.yearFrom !== undefined || filter.yearTo !== undefined) {
    const from = filter.yearFrom === undefined ? '' : ` AND yp.year >= ${next(filter.yearFrom)}`;
    const to = filter.yearTo === undefined ? '' : ` AND yp.year <= ${next(filter.yearTo)}`;
    parts.push(
      `EXISTS (SELECT 1 FROM papers yp WHERE yp.id = fs.paper_id AND yp.year IS NOT NULL${from}${to})`,
    );
  }
  return {
    sql: parts.map((part) => ` AND ${part}`).join(''),
    params,
    papers: filter.paperIds !== undefined,
  };
}

export async function lexicalStatistics(
  executor: SqlExecutor,
  terms: readonly string[],
): Promise<LexicalStatistics> {
  const { rows } = await executor.query<Record<string, string | number | null>>(
    `SELECT c.frame_count AS n, c.sentence_length, c.context_length, c.title_length,
            t.id, t.term, t.frame_count
     FROM search_corpus c
     LEFT JOIN search_terms t ON t.term = ANY($1::text[]) AND t.frame_count > 0`,
    [[...new Set(terms)]],
  );
  const first = rows[0];
  const corpus: CorpusStatistics = {
    frameCount: Number(first?.n ?? 0),
    totalLengths: [
      Number(first?.sentence_length ?? 0),
      Number(first?.context_length ?? 0),
      Number(first?.title_length ?? 0),
    ],
  };
  const found = new Map<string, { id: number; frameCount: number }>();
  for (const row of rows) {
    if (row.term === null || row.term === undefined) continue;
    found.set(String(row.term), { id: Number(row.id), frameCount: Number(row.frame_count) });
  }
  return { corpus, terms: found };
}

/**
 * Frames by the sum of idf x impact over the top `postingsPerTerm` postings of each query term (an
 * impact-ordered approximation of BM25; the caller re-scores exactly). With a paper filter: every
 * answerable frame of those papers holding a query term (exact).
 */
export async function bm25Candidates(
  executor: SqlExecutor,
  options: {
    termWeights: ReadonlyMap<number, number>;
    filter: FrameFilter;
    postingsPerTerm: number;
    limit: number;
  },
): Promise<number[]> {
  if (options.termWeights.size === 0) return [];
  const termIds = [...options.termWeights.keys()];
  const conditions = filterConditions(options.filter, 3);
  if (conditions.papers) {
    const { rows } = await executor.query<{ frame_id: number }>(
      `SELECT fs.frame_id FROM frame_search fs
       WHERE fs.answerable AND fs.terms && $1::int[] AND $2::int >= 0${conditions.sql}`,
      [termIds, 0, ...conditions.params],
    );
    return rows.map((row) => Number(row.frame_id));
  }
  const { rows } = await executor.query<{ frame_id: number }>(
    `SELECT p.frame_id FROM unnest($1::int[], $2::float8[]) AS q(term_id, idf)
     CROSS JOIN LATERAL (SELECT sp.frame_id, sp.impact FROM search_postings sp
                         WHERE sp.term_id = q.term_id ORDER BY sp.impact DESC LIMIT $${3 + conditions.params.length}) AS p
     ${conditions.sql === '' ? '' : `JOIN frame_search fs ON fs.frame_id = p.frame_id WHERE true${conditions.sql}`}
     GROUP BY p.frame_id ORDER BY sum(q.idf * p.impact) DESC, p.frame_id LIMIT $${4 + conditions.params.length}`,
    [
      termIds,
      [...options.termWeights.values()],
      ...conditions.params,
      options.postingsPerTerm,
      options.limit,
    ],
  );
  return rows.map((row) => Number(row.frame_id));
}

/**
 * Frame ids nearest the query: through the frames' answer vectors and through their questions'
 * vectors. One transaction, for the HNSW settings of this search only.
 */
export async function denseCandidates(
  executor: { transaction<T>(work: (transaction: SqlExecutor) => Promise<T>): Promise<T> },
  options: {
    space: VectorSpace;
    queryVector: Float32Array;
    filter: FrameFilter;
    frameLimit: number;
    questionLimit: number;
    efSearch: number;
  },
): Promise<number[]> {
  const { space } = options;
  const type = vectorType(space);
  const model = quoted(space.model);
  const conditions = filterConditions(options.filter, 3);
  const vector = toVectorLiteral(options.queryVector);
  const params = (limit: number) => [vector, limit, ...conditions.params];
  // With a paper filter, ordering by the similarity (not the operator) keeps the planner off HNSW:
  // an exact scan of the papers' rows.
  const order = conditions.papers
    ? 'similarity DESC, fs.frame_id'
    : `v.embedding::${type} <=> $1::${type}`;
  return executor.transaction(async (transaction) => {
    const efSearch = Math.max(options.efSearch, options.frameLimit, options.questionLimit);
    await transaction.exec(
      `SET LOCAL hnsw.ef_search = ${Math.trunc(efSearch)}; SET LOCAL hnsw.iterative_scan = relaxed_order`,
    );
    const frames = await transaction.query<{ frame_id: number; similarity: number }>(
      `SELECT fs.frame_id, 1 - (v.embedding::${type} <=> $1::${type}) AS similarity
       FROM vectors v JOIN frame_search fs ON fs.frame_id = v.owner_id::int
       WHERE v.model = ${model} AND v.owner_kind = 'frame' AND fs.answerable${conditions.sql}
       ORDER BY ${order} LIMIT $2`,
      params(options.frameLimit),
    );
    const questions = await transaction.query<{ frame_id: number; similarity: number }>(
      `SELECT fs.frame_id, 1 - (v.embedding::${type} <=> $1::${type}) AS similarity
       FROM vectors v JOIN questions q ON q.id = v.owner_id::int
       JOIN frame_search fs ON fs.frame_id = q.frame_id
       WHERE v.model = ${model} AND v.owner_kind = 'question' AND fs.answerable${conditions.sql}
       ORDER BY ${order} LIMIT $2`,
      params(options.questionLimit),
    );
    return [...frames.rows, ...questions.rows].map((row) => Number(row.frame_id));
  });
}

type FeatureRow = Record<string, unknown>;

/** Everything the ranker and the hits need about the candidates, in one query. */
export async function candidateFeatures(
  executor: SqlExecutor,
  options: { space: VectorSpace; queryVector: Float32Array; frameIds: readonly number[] },
): Promise<CandidateFeatures[]> {
  if (options.frameIds.length === 0) return [];
  const type = vectorType(options.space);
  const model = quoted(options.space.model);
  const { rows } = await executor.query<FeatureRow>(
    `SELECT fs.frame_id, fs.paper_id, fr.text, fs.terms, fs.sentence_tf, fs.context_tf, fs.title_tf,
            fs.sentence_length, fs.context_length, fs.title_length,
            1 - (v.embedding::${type} <=> $1::${type}) AS answer_similarity,
            bq.id AS question_id, bq.text AS question_text, bq.similarity AS question_similarity,
            pa.title AS paper_title, pa.year AS paper_year, fr.section_index,
            coalesce(se.title, '') AS section_title, se.kind AS section_kind,
            se.role AS section_role, fr.sentence_index, fr.source_index,
            fr.char_start, fr.char_end, fr.page, fr.context_before, fr.context_after
     FROM frame_search fs
     JOIN frames fr ON fr.id = fs.frame_id
     JOIN papers pa ON pa.id = fs.paper_id
     LEFT JOIN sections se ON se.paper_id = fr.paper_id AND se.section_index = fr.section_index
     LEFT JOIN vectors v ON v.owner_kind = 'frame' AND v.model = ${model}
       AND v.owner_id = fs.frame_id::text
     LEFT JOIN LATERAL (
       SELECT q.id, q.text, 1 - (qv.embedding::${type} <=> $1::${type}) AS similarity
       FROM questions q JOIN vectors qv ON qv.owner_kind = 'question' AND qv.model = ${model}
         AND qv.owner_id = q.id::text
       WHERE q.frame_id = fs.frame_id ORDER BY similarity DESC, q.id LIMIT 1) AS bq ON true
     WHERE fs.frame_id = ANY($2::int[])`,
    [toVectorLiteral(options.queryVector), [...new Set(options.frameIds)]],
  );
  return rows.map(featuresOf);
}

function numbers(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string') {
    const inner = value.slice(1, -1);
    return inner.length === 0 ? [] : inner.split(',').map(Number);
  }
  return [];
}

/** An integer id column as text (pg returns numbers; bigint would come as a string). */
function idText(value: unknown): string {
  return typeof value === 'string' ? value : String(Number(value));
}

function featuresOf(row: FeatureRow): CandidateFeatures {
  const terms = numbers(row.terms);
  const sentence = numbers(row.sentence_tf);
  const context = numbers(row.context_tf);
  const title = numbers(row.title_tf);
  const frequencies = new Map<number, [number, number, number]>();
  for (const [slot, term] of terms.entries()) {
    frequencies.set(term, [sentence[slot] ?? 0, context[slot] ?? 0, title[slot] ?? 0]);
  }
  const optionalNumber = (value: unknown) =>
    value === null || value === undefined ? null : Number(value);
  return {
    frameId: Number(row.frame_id),
    paperId: String(row.paper_id),
    text: String(row.text),
    frequencies,
    lengths: [Number(row.sentence_length), Number(row.context_length), Number(row.title_length)],
    answerSimilarity: row.answer_similarity === null ? 0 : Number(row.answer_similarity),
    // No vector of the model yet (an upload searchable by its words first): ranked by its words.
    ...(row.answer_similarity === null ? { awaitsVector: true } : {}),
    bestQuestion:
      row.question_id === null || row.question_id === undefined
        ? null
        : {
            id: idText(row.question_id),
            text: String(row.question_text),
            similarity: Number(row.question_similarity),
          },
    paperTitle: String(row.paper_title),
    paperYear: optionalNumber(row.paper_year),
    sectionIndex: Number(row.section_index),
    sectionTitle: String(row.section_title),
    sentenceIndex: Number(row.sentence_index),
    sourceIndex: optionalNumber(row.source_index),
    charStart: Number(row.char_start),
    charEnd: Number(row.char_end),
    page: optionalNumber(row.page),
    contextBefore: String(row.context_before),
    contextAfter: String(row.context_after),
    ...sectionLabelsFromRow(row),
  };
}
