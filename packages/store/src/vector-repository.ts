/**
 * @module Vector repository: dense vectors of frames, questions and datasets in pgvector, tagged
 * with the model that made them, with per-model HNSW (cosine) indexes and nearest-neighbour search.
 */
import { createHash } from 'node:crypto';
import { AppError } from '@quarry/core';
import type { SqlClient } from './sql-client.js';

export type VectorOwnerKind = 'frame' | 'question' | 'dataset';

export interface OwnedVector {
  ownerId: string;
  vector: Float32Array;
}

export interface VectorNeighbour {
  ownerId: string;
  /** Cosine similarity, 1 for the same direction. */
  similarity: number;
}

export interface VectorModelCount {
  model: string;
  dim: number;
  ownerKind: VectorOwnerKind;
  count: number;
}

/** pgvector's text form: `[0.1,0.2,...]`. */
export function toVectorLiteral(vector: Float32Array): string {
  // Nine significant digits give back every float4 exactly, in about 35% fewer characters than
  // the float64 form and three times faster (pgvector parses fewer digits per upsert, too).
  let literal = '[';
  for (let position = 0; position < vector.length; position++) {
    if (position > 0) literal += ',';
    literal += (vector[position] ?? 0).toPrecision(9);
  }
  return `${literal}]`;
}

/**
 * pgvector's binary form (`vector_send`): the dimension and a reserved word as big-endian int16,
 * then each value as a big-endian float4. Reading vectors back this way, not as text, keeps a
 * server's thread from parsing tens of thousands of decimal numbers per paper.
 */
export function fromVectorBytes(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dimension = bytes.byteLength >= 4 ? view.getInt16(0) : -1;
  if (dimension < 0 || bytes.byteLength !== 4 + 4 * dimension) {
    throw new AppError({
      code: 'storage_failure',
      message: `a stored vector is ${bytes.byteLength} bytes, not pgvector's binary form`,
    });
  }
  const vector = new Float32Array(dimension);
  for (let index = 0; index < dimension; index += 1) vector[index] = view.getFloat32(4 + 4 * index);
  return vector;
}

function indexName(model: string, ownerKind: VectorOwnerKind, dimension: number): string {
  const digest = createHash('sha256').update(`${model}|${ownerKind}|${dimension}`).digest('hex');
  return `vectors_hnsw_${digest.slice(0, 16)}`;
}

function checkDimension(dimension: number): number {
  if (!Number.isInteger(dimension) || dimension < 1 || dimension > 2000) {
    throw new AppError({
      code: 'invalid_input',
      message: `vector dimension ${dimension} is not supported`,
      fix: 'use a model whose dimension is between 1 and 2000 (the pgvector HNSW limit)',
    });
  }
  return dimension;
}

export interface VectorRepository {
  upsertMany(options: {
    ownerKind: VectorOwnerKind;
    model: string;
    vectors: OwnedVector[];
  }): Promise<void>;
  /** Creates the HNSW cosine index for one model and owner kind if it does not exist. */
  ensureIndex(options: {
    ownerKind: VectorOwnerKind;
    model: string;
    dimension: number;
  }): Promise<void>;
  nearest(options: {
    ownerKind: VectorOwnerKind;
    model: string;
    vector: Float32Array;
    limit: number;
  }): Promise<VectorNeighbour[]>;
  get(options: {
    ownerKind: VectorOwnerKind;
    model: string;
    ownerIds: string[];
  }): Promise<OwnedVector[]>;
  counts(): Promise<VectorModelCount[]>;
  /** Deletes every vector not made by `model` (used when the model changes, before re-embedding). */
  removeOtherModels(model: string): Promise<number>;
}

export function createVectorRepository(client: SqlClient): VectorRepository {
  return {
    async upsertMany({ ownerKind, model, vectors }) {
      if (vectors.length === 0) return;
      const dimension = checkDimension(vectors[0]?.vector.length ?? 0);
      for (const { ownerId, vector } of vectors) {
        if (vector.length !== dimension) {
          throw new AppError({
            code: 'invalid_input',
            message: `vector of ${ownerKind} ${ownerId} has ${vector.length} dimensions, expected ${dimension}`,
          });
        }
      }
      await client.query(
        `INSERT INTO vectors (owner_kind, owner_id, model, dim, embedding)
         SELECT $1, owner_id, $2, $3, embedding::vector FROM unnest($4::text[], $5::text[]) AS t(owner_id, embedding)
         ON CONFLICT (owner_kind, owner_id, model) DO UPDATE SET dim = EXCLUDED.dim, embedding = EXCLUDED.embedding`,
        [
          ownerKind,
          model,
          dimension,
          vectors.map((item) => item.ownerId),
          vectors.map((item) => toVectorLiteral(item.vector)),
        ],
      );
    },

    async ensureIndex({ ownerKind, model, dimension }) {
      checkDimension(dimension);
      // Identifiers and literals cannot be bound parameters in DDL; the model id is quoted here.
      const quotedModel = `'${model.replaceAll("'", "''")}'`;
      // Building HNSW over a whole collection takes longer than any statement timeout allows.
      await client.transaction(async (transaction) => {
        await transaction.exec('SET LOCAL statement_timeout = 0');
        // Processes indexing at once (quarry index --shared) create it one after another:
        // concurrent CREATE INDEX IF NOT EXISTS of one name collide in the catalog.
        await transaction.exec("SELECT pg_advisory_xact_lock(hashtext('quarry-create-index'))");
        await transaction.exec(
          `CREATE INDEX IF NOT EXISTS ${indexName(model, ownerKind, dimension)} ON vectors
           USING hnsw ((embedding::vector(${dimension})) vector_cosine_ops)
           WHERE model = ${quotedModel} AND owner_kind = '${ownerKind}'`,
        );
      });
    },

    async nearest({ ownerKind, model, vector, limit }) {
      const dimension = checkDimension(vector.length);
      const { rows } = await client.query<{ owner_id: string; distance: number }>(
        `SELECT owner_id, (embedding::vector(${dimension})) <=> $1::vector(${dimension}) AS distance
         FROM vectors WHERE model = $2 AND owner_kind = $3
         ORDER BY (embedding::vector(${dimension})) <=> $1::vector(${dimension}) LIMIT $4`,
        [toVectorLiteral(vector), model, ownerKind, limit],
      );
      return rows.map((row) => ({ ownerId: row.owner_id, similarity: 1 - Number(row.distance) }));
    },

    async get({ ownerKind, model, ownerIds }) {
      const { rows } = await client.query<{ owner_id: string; embedding: Uint8Array }>(
        `SELECT owner_id, vector_send(embedding) AS embedding FROM vectors
         WHERE owner_kind = $1 AND model = $2 AND owner_id = ANY($3::text[])`,
        [ownerKind, model, ownerIds],
      );
      return rows.map((row) => ({
        ownerId: row.owner_id,
        vector: fromVectorBytes(row.embedding),
      }));
    },

    async counts() {
      const { rows } = await client.query<{
        model: string;
        dim: number;
        owner_kind: VectorOwnerKind;
        count: number;
      }>(
        `SELECT model, dim, owner_kind, count(*)::int AS count FROM vectors
         GROUP BY model, dim, owner_kind ORDER BY model, owner_kind`,
      );
      return rows.map((row) => ({
        model: row.model,
        dim: row.dim,
        ownerKind: row.owner_kind,
        count: row.count,
      }));
    },

    async removeOtherModels(model) {
      const { rowCount } = await client.query('DELETE FROM vectors WHERE model <> $1', [model]);
      return rowCount;
    },
  };
}
