import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { buildStaticEmbeddingGraph } from './static-embedding-graph.js';

const int64 = (rows: number[][]): ort.Tensor =>
  new ort.Tensor(
    'int64',
    BigInt64Array.from(rows.flat(), (value) => BigInt(value)),
    [rows.length, rows[0]?.length ?? 0],
  );

async function run(model: Uint8Array, ids: number[][], mask: number[][]): Promise<number[][]> {
  const session = await ort.InferenceSession.create(model);
  try {
    const output = (await session.run({ input_ids: int64(ids), attention_mask: int64(mask) }))[
      'sentence_embedding'
    ];
    const [batch = 0, dimension = 0] = output?.dims ?? [];
    const data = Array.from(output?.data as Float32Array);
    return Array.from({ length: batch }, (_, row) =>
      data.slice(row * dimension, (row + 1) * dimension),
    );
  } finally {
    await session.release();
  }
}

describe('buildStaticEmbeddingGraph', () => {
  // Four tokens in two dimensions: token 0 is padding (zero), the others point along the axes.
  const embeddings = Float32Array.from([0, 0, 1, 0, 0, 1, 3, 4]);

  it('mean-pools the masked token vectors and L2-normalises them', async () => {
    const model = buildStaticEmbeddingGraph({ embeddings, dimension: 2, vocabularySize: 4 });
    const vectors = await run(
      model,
      [
        [1, 2, 0],
        [3, 0, 0],
      ],
      [
        [1, 1, 0],
        [1, 0, 0],
      ],
    );
    expect(vectors[0]?.[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(vectors[0]?.[1]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(vectors[1]).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
  });

  it('ignores tokens whose attention mask is 0, even when they have a vector', async () => {
    const model = buildStaticEmbeddingGraph({ embeddings, dimension: 2, vocabularySize: 4 });
    const [vector] = await run(model, [[1, 3]], [[1, 0]]);
    expect(vector).toEqual([expect.closeTo(1, 6), expect.closeTo(0, 6)]);
  });

  it('applies a token-to-row table and per-token weights (Model2Vec quantised form)', async () => {
    const model = buildStaticEmbeddingGraph({
      embeddings: Float32Array.from([1, 0, 0, 1]),
      dimension: 2,
      vocabularySize: 3,
      tokenToRow: Int32Array.from([0, 1, 1]),
      tokenWeights: Float32Array.from([3, 1, 0]),
    });
    // Token 0 -> row 0 weighted 3, token 1 -> row 1 weighted 1, token 2 weighted 0 (dropped).
    const [vector] = await run(model, [[0, 1, 2]], [[1, 1, 1]]);
    const norm = Math.hypot(3, 1);
    expect(vector).toEqual([expect.closeTo(3 / norm, 6), expect.closeTo(1 / norm, 6)]);
  });

  it('returns a zero vector, not NaN, for a text without tokens', async () => {
    const model = buildStaticEmbeddingGraph({ embeddings, dimension: 2, vocabularySize: 4 });
    const [vector] = await run(model, [[0]], [[0]]);
    expect(vector).toEqual([0, 0]);
  });

  it('rejects tables that do not fit the vocabulary', () => {
    expect(() =>
      buildStaticEmbeddingGraph({ embeddings, dimension: 2, vocabularySize: 5 }),
    ).toThrow(RangeError);
  });
});
