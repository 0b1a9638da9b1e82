/**
 * @module A passage vector table that grows as it is used: benchmarks that embed the same dataset
 * descriptions run after run (DataFinder, agent cases, conversations) read the vectors a previous run
 * stored and embed only new texts, then write the table back. Every passage vector it returns went
 * through the table's int8 form, on the first run as on later ones, so a benchmark's figure does not
 * depend on whether the table existed (beyond float32 rounding of the scale).
 */
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EmbedPurpose, Embedder } from '@quarry/core';
import {
  decodePassageVectorTable,
  encodePassageVectorTable,
  passageKey,
  readPassageVectorTable,
  writePassageVectorTable,
} from './passage-vector-table.js';

export interface StoredPassageVectors extends Embedder {
  /** Passages answered from the table so far, and passages embedded by the model. */
  readonly counts: () => { stored: number; embedded: number };
  /** Writes the table when it gained vectors since the last write. */
  flush(): Promise<void>;
}

/** The int8 round trip the file applies, so fresh and stored vectors are the same numbers. */
function throughTable(model: string, vector: Float32Array): Float32Array {
  const bytes = encodePassageVectorTable({
    model,
    dimension: vector.length,
    vectors: new Map([['00000000000000000000000000000000', vector]]),
  });
  return [...decodePassageVectorTable(bytes, 'memory').vectors.values()][0]!;
}

export async function withStoredPassageVectors(
  embedder: Embedder,
  file: string,
): Promise<StoredPassageVectors> {
  const existing = existsSync(file) ? await readPassageVectorTable(file) : null;
  const usable =
    existing !== null &&
    existing.model === embedder.modelId &&
    existing.dimension === embedder.dimension;
  const vectors = new Map<string, Float32Array>(usable ? existing.vectors : []);
  let stored = 0;
  let embedded = 0;
  let dirty = false;
  return {
    ...embedder,
    counts: () => ({ stored, embedded }),
    async embed(texts: readonly string[], purpose: EmbedPurpose = 'passage') {
      if (purpose !== 'passage') return embedder.embed(texts, purpose);
      const keys = texts.map(passageKey);
      stored += keys.filter((key) => vectors.has(key)).length;
      const missing = [...new Set(keys.filter((key) => !vectors.has(key)))];
      if (missing.length > 0) {
        const textOf = new Map(keys.map((key, position) => [key, texts[position]!]));
        const fresh = await embedder.embed(
          missing.map((key) => textOf.get(key)!),
          purpose,
        );
        missing.forEach((key, position) => {
          vectors.set(key, throughTable(embedder.modelId, fresh[position]!));
        });
        embedded += missing.length;
        dirty = true;
      }
      return keys.map((key) => vectors.get(key)!.slice());
    },
    async flush() {
      if (!dirty) return;
      await mkdir(dirname(file), { recursive: true });
      // Written beside and renamed, so a run stopped mid-write leaves the previous table whole.
      const partial = `${file}.partial`;
      await writePassageVectorTable(partial, {
        model: embedder.modelId,
        dimension: embedder.dimension,
        vectors,
      });
      await rename(partial, file);
      dirty = false;
    },
  };
}
