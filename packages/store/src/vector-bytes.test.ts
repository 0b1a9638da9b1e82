import { describe, expect, it } from 'vitest';
import { fromVectorBytes, toVectorLiteral } from './vector-repository.js';

describe('fromVectorBytes', () => {
  it("reads pgvector's binary form: dimension, reserved word, big-endian float4s", () => {
    const bytes = new Uint8Array(4 + 3 * 4);
    const view = new DataView(bytes.buffer);
    view.setInt16(0, 3);
    [0.5, -1.25, 3e-8].forEach((value, index) => view.setFloat32(4 + 4 * index, value));
    expect(fromVectorBytes(bytes)).toEqual(Float32Array.from([0.5, -1.25, 3e-8]));
    // A view into a larger buffer (as a database driver may hand it) reads from its own offset.
    const padded = new Uint8Array(bytes.length + 6);
    padded.set(bytes, 6);
    expect(fromVectorBytes(padded.subarray(6))).toEqual(Float32Array.from([0.5, -1.25, 3e-8]));
  });

  it('refuses bytes whose length does not match the dimension they declare', () => {
    const bytes = new Uint8Array(4 + 2 * 4);
    new DataView(bytes.buffer).setInt16(0, 3);
    expect(() => fromVectorBytes(bytes)).toThrow(/12 bytes, not pgvector's binary form/);
    expect(() => fromVectorBytes(new Uint8Array(2))).toThrow(/2 bytes/);
  });
});

describe('toVectorLiteral', () => {
  it('writes every float4 so that it reads back exactly, in fewer characters than float64', () => {
    const random = seeded(7);
    const vector = Float32Array.from({ length: 384 }, () => (random() - 0.5) * 0.3);
    vector.set([0, 1, -1, 3e-8, -1.17549435e-38, 0.1], 0);
    const literal = toVectorLiteral(vector);
    expect(literal.startsWith('[') && literal.endsWith(']')).toBe(true);
    const back = Float32Array.from(literal.slice(1, -1).split(','), Number);
    expect(back).toEqual(vector);
    expect(literal.length).toBeLessThan(`[${Array.from(vector).join(',')}]`.length * 0.8);
  });
});

/** A small deterministic generator (xorshift) so the test vector is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}
