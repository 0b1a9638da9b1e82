/**
 * @module Question suggestions from PostgreSQL for the whole collection: stored questions that
 * start with the typed text (annotations first by the store's order), then the questions whose
 * vectors are nearest to it (HNSW). Only questions of indexed frames are offered.
 */
import type { SqlExecutor, Store } from '@quarry/store';
import { toVectorLiteral } from '@quarry/store';
import type { Suggestion } from '../suggest.js';
import type { VectorSpace } from './postgres-candidates.js';

export async function prefixSuggestions(
  store: Store,
  options: { prefix: string; limit: number },
): Promise<Suggestion[]> {
  const stored = await store.questions.withPrefix(options);
  if (stored.length === 0) return [];
  const { rows } = await store.client.query<{ frame_id: number; paper_id: string }>(
    'SELECT frame_id, paper_id FROM frame_search WHERE frame_id = ANY($1::int[])',
    [stored.map((question) => Number(question.frameId))],
  );
  const paperOf = new Map(rows.map((row) => [String(row.frame_id), row.paper_id]));
  return stored.flatMap((question) => {
    const paperId = paperOf.get(question.frameId);
    return paperId === undefined
      ? []
      : [
          {
            questionId: question.id,
            text: question.text,
            frameId: question.frameId,
            paperId,
            origin: question.origin,
            source: 'prefix' as const,
            similarity: null,
          },
        ];
  });
}

export async function nearestQuestionSuggestions(
  executor: { transaction<T>(work: (transaction: SqlExecutor) => Promise<T>): Promise<T> },
  options: { space: VectorSpace; queryVector: Float32Array; limit: number; efSearch: number },
): Promise<Suggestion[]> {
  const type = `vector(${Math.trunc(options.space.dimension)})`;
  const model = `'${options.space.model.replaceAll("'", "''")}'`;
  return executor.transaction(async (transaction) => {
    await transaction.exec(
      `SET LOCAL hnsw.ef_search = ${Math.trunc(Math.max(options.efSearch, options.limit))}; SET LOCAL hnsw.iterative_scan = relaxed_order`,
    );
    const { rows } = await transaction.query<Record<string, string | number>>(
      `SELECT q.id, q.text, q.origin, q.frame_id, fs.paper_id,
              1 - (v.embedding::${type} <=> $1::${type}) AS similarity
       FROM vectors v JOIN questions q ON q.id = v.owner_id::int
       JOIN frame_search fs ON fs.frame_id = q.frame_id
       WHERE v.model = ${model} AND v.owner_kind = 'question'
       ORDER BY v.embedding::${type} <=> $1::${type} LIMIT $2`,
      [toVectorLiteral(options.queryVector), options.limit],
    );
    return rows.map((row): Suggestion => ({
      questionId: String(row.id),
      text: String(row.text),
      frameId: String(row.frame_id),
      paperId: String(row.paper_id),
      origin: row.origin as Suggestion['origin'],
      source: 'semantic',
      similarity: Number(row.similarity),
    }));
  });
}
