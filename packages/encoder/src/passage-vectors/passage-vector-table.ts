/**
 * @module Passage vectors computed ahead of time (the shipped catalog's dataset passages), so a first
 * start does not spend minutes of a transformer's time on texts whose vectors are known. A table maps
 * the sha256 of a passage text to its vector, for one model id; `withPassageVectorTable` answers a
 * passage from the table when the text is in it and embeds only the rest.
 *
 * File: one JSON header line `{"format":"quarry-passage-vectors-int8","model","dimension","count"}`,
 * then `count` records of 16 bytes (the first half of the text's sha256), a float32 (little-endian)
 * scale and `dimension` signed bytes; the vector is bytes x scale, then L2-normalised. Int8 keeps the
 * 5.8K-dataset catalog's table at 2.3 MB; the cosine it gives differs from the model's by under 0.01.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { AppError } from '@quarry/core';
import type { EmbedPurpose, Embedder } from '@quarry/core';
import { l2Normalise } from '../embedder/pooling.js';

export const passageVectorFormat = 'quarry-passage-vectors-int8';

const keyBytes = 16;

export interface PassageVectorTable {
  model: string;
  dimension: number;
  /** Hex key (passageKey) -> unit vector. */
  vectors: ReadonlyMap<string, Float32Array>;
}

/** The table key of a passage text: the first 16 bytes of its UTF-8 sha256, in hex. */
export function passageKey(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest().subarray(0, keyBytes).toString('hex');
}

export function encodePassageVectorTable(table: PassageVectorTable): Buffer {
  const header = Buffer.from(
    `${JSON.stringify({
      format: passageVectorFormat,
      model: table.model,
      dimension: table.dimension,
      count: table.vectors.size,
    })}\n`,
    'utf8',
  );
  const recordBytes = keyBytes + 4 + table.dimension;
  const body = Buffer.alloc(recordBytes * table.vectors.size);
  let offset = 0;
  for (const [key, vector] of table.vectors) {
    Buffer.from(key, 'hex').copy(body, offset, 0, keyBytes);
    const largest = vector.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    const scale = largest > 0 ? largest / 127 : 1;
    body.writeFloatLE(scale, offset + keyBytes);
    for (let position = 0; position < table.dimension; position++) {
      body.writeInt8(Math.round((vector[position] ?? 0) / scale), offset + keyBytes + 4 + position);
    }
    offset += recordBytes;
  }
  return Buffer.concat([header, body]);
}

export function decodePassageVectorTable(bytes: Buffer, where: string): PassageVectorTable {
  const newline = bytes.indexOf(0x0a);
  const invalid = (message: string) =>
    new AppError({
      code: 'invalid_input',
      message: `passage vector table: ${message}`,
      where,
      fix: 'build it again with `quarry catalog vectors`, or delete it (the vectors are then computed at start)',
    });
  if (newline < 0) throw invalid('no header line');
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new AppError({ ...invalid('the header is not JSON'), cause: error });
  }
  const { format, model, dimension, count } = header;
  if (format !== passageVectorFormat) throw invalid(`unknown format ${JSON.stringify(format)}`);
  if (typeof model !== 'string' || !Number.isInteger(dimension) || !Number.isInteger(count)) {
    throw invalid('the header needs model, dimension and count');
  }
  const width = dimension as number;
  const records = count as number;
  const recordBytes = keyBytes + 4 + width;
  const body = bytes.subarray(newline + 1);
  if (body.length !== recordBytes * records) {
    throw invalid(
      `${records} records need ${recordBytes * records} bytes, the file has ${body.length}`,
    );
  }
  const vectors = new Map<string, Float32Array>();
  for (let record = 0; record < records; record++) {
    const offset = record * recordBytes;
    const key = body.subarray(offset, offset + keyBytes).toString('hex');
    const scale = body.readFloatLE(offset + keyBytes);
    const vector = new Float32Array(width);
    for (let position = 0; position < width; position++) {
      vector[position] = body.readInt8(offset + keyBytes + 4 + position) * scale;
    }
    vectors.set(key, l2Normalise(vector));
  }
  return { model, dimension: width, vectors };
}

export async function readPassageVectorTable(file: string): Promise<PassageVectorTable> {
  return decodePassageVectorTable(await readFile(file), file);
}

export async function writePassageVectorTable(
  file: string,
  table: PassageVectorTable,
): Promise<void> {
  await writeFile(file, encodePassageVectorTable(table));
}

/**
 * The embedder, answering passages found in the table from it (when the table was made by the same
 * model) and embedding the rest in one call. Queries always go to the model.
 */
export function withPassageVectorTable(embedder: Embedder, table: PassageVectorTable): Embedder {
  if (table.model !== embedder.modelId || table.dimension !== embedder.dimension) return embedder;
  return {
    ...embedder,
    async embed(texts: readonly string[], purpose: EmbedPurpose = 'passage') {
      if (purpose !== 'passage') return embedder.embed(texts, purpose);
      const found = texts.map((text) => table.vectors.get(passageKey(text)));
      const missing = texts.filter((_, position) => found[position] === undefined);
      const embedded = missing.length > 0 ? await embedder.embed(missing, purpose) : [];
      let next = 0;
      return found.map((vector) => (vector ? vector.slice() : embedded[next++]!));
    },
  };
}
