/**
 * @module The vectors a load takes: stored ones (or those a previous index already holds), and the
 * answer vectors of papers that miss any, embedded (every sentence once, in batches; h_a from the
 * sentence and its context window) and stored with bulk upserts while the next papers are being
 * embedded.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Embedder } from '@quarry/core';
import type { Store } from '@quarry/store';
import { answerVector } from './answer-vector.js';
import { embedInBatches } from './embed-in-batches.js';
import { contextPositions } from './frame-context.js';
import type { ContextWindow } from './frame-context.js';
import type { FrameIndexSettings } from './frame-index-settings.js';
import type { IndexedFrame } from './indexed-frame.js';
import type { FrameIndexProgress } from './load-frame-index.js';
import type { VectorMatrix } from './vector-matrix.js';

/** A lookup of the vectors a previous index holds (none when there is none). */
export type HeldVectors = (id: string) => Float32Array | undefined;

/** Stored vectors of `ids`: those `held` knows, the rest read from the store. */
export async function knownVectors(options: {
  store: Store;
  embedder: Embedder;
  ownerKind: 'frame' | 'question';
  ids: readonly string[];
  held: HeldVectors;
  pageSize: number;
}): Promise<Map<string, Float32Array>> {
  const known = new Map<string, Float32Array>();
  const unknown: string[] = [];
  for (const id of options.ids) {
    const vector = options.held(id);
    if (vector) known.set(id, vector);
    else unknown.push(id);
  }
  for (let start = 0; start < unknown.length; start += options.pageSize) {
    for (const { ownerId, vector } of await options.store.vectors.get({
      ownerKind: options.ownerKind,
      model: options.embedder.modelId,
      ownerIds: unknown.slice(start, start + options.pageSize),
    })) {
      if (vector.length === options.embedder.dimension) known.set(ownerId, vector);
    }
    await nextTurn();
  }
  return known;
}

/** Rows of the given papers, grouped into chunks of whole papers of about `size` rows each. */
function paperAlignedChunks(options: {
  frames: readonly IndexedFrame[];
  papers: ReadonlySet<string>;
  size: number;
}): number[][] {
  const chunks: number[][] = [];
  let chunk: number[] = [];
  for (const [row, frame] of options.frames.entries()) {
    if (!options.papers.has(frame.paperId)) continue;
    const previous = options.frames[chunk[chunk.length - 1] ?? -1];
    if (chunk.length >= options.size && previous?.paperId !== frame.paperId) {
      chunks.push(chunk);
      chunk = [];
    }
    chunk.push(row);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/**
 * Fills `answerVectors` (row i = frames[i]) from stored vectors, embedding the papers that miss
 * any. Returns how many frames were embedded. With `embedMissing: false` nothing is embedded: a
 * frame without a stored vector gets the zero vector, which no unit vector equals, so it reads as
 * "no vector yet" (FrameIndex.heldVector) until `FrameIndex.withFilledVectors` sets it.
 */
export async function fillAnswerVectors(options: {
  store: Store;
  embedder: Embedder;
  settings: FrameIndexSettings;
  frames: IndexedFrame[];
  windows: ContextWindow[];
  answerVectors: VectorMatrix;
  reembed: boolean;
  held: HeldVectors;
  report: (progress: FrameIndexProgress) => void;
  /** Default true. */
  embedMissing?: boolean;
}): Promise<number> {
  const { store, embedder, settings, frames, windows, answerVectors } = options;
  const stored = options.reembed
    ? new Map<string, Float32Array>()
    : await knownVectors({
        store,
        embedder,
        ownerKind: 'frame',
        ids: frames.map((frame) => frame.id),
        held: options.held,
        pageSize: settings.loadPageSize,
      });
  const papersToEmbed = new Set(
    frames.filter((frame) => !stored.has(frame.id)).map((frame) => frame.paperId),
  );
  const rowsToEmbed = frames.filter((frame) => papersToEmbed.has(frame.paperId)).length;
  const zero = new Float32Array(embedder.dimension);
  for (const frame of frames) answerVectors.append(stored.get(frame.id) ?? zero);
  if (rowsToEmbed === 0 || options.embedMissing === false) return 0;

  const chunks = paperAlignedChunks({
    frames,
    papers: papersToEmbed,
    size: settings.upsertBatchSize,
  });
  const embedChunk = async (rows: number[]) => {
    const vectors = await embedInBatches({
      embedder,
      texts: rows.map((row) => frames[row]?.text ?? ''),
      batchSize: settings.embedBatchSize,
    });
    const sentences = new Map<number, Float32Array>();
    for (const [position, row] of rows.entries()) {
      const vector = vectors[position];
      if (vector) sentences.set(row, vector);
    }
    return { rows, sentences };
  };
  let done = 0;
  let pending = chunks[0] ? embedChunk(chunks[0]) : undefined;
  for (let position = 0; pending !== undefined; position++) {
    const { rows, sentences } = await pending;
    await nextTurn();
    // Embed the next papers while this chunk's vectors are written (the encoder runs off-thread).
    const next = chunks[position + 1];
    pending = next ? embedChunk(next) : undefined;
    // Awaited on the next turn; until then a failure must not count as unhandled.
    pending?.catch(() => undefined);
    const owned = [];
    for (const row of rows) {
      const window = windows[row];
      const frame = frames[row];
      const sentence = sentences.get(row);
      if (!window || !frame || !sentence) continue;
      const vector = answerVector({
        sentence,
        // A chunk holds whole papers, so every context neighbour was embedded with it.
        context: contextPositions(window).flatMap((neighbour) => {
          const vector = sentences.get(neighbour);
          return vector ? [vector] : [];
        }),
        contextWeight: settings.answerContextWeight,
      });
      answerVectors.set(row, vector);
      owned.push({ ownerId: frame.id, vector });
    }
    await store.vectors.upsertMany({ ownerKind: 'frame', model: embedder.modelId, vectors: owned });
    await nextTurn();
    done += owned.length;
    options.report({ phase: 'embedding-frames', done, total: rowsToEmbed });
  }
  return done;
}
