import { describe, expect, it } from 'vitest';
import { fromVectorBytes } from './vector-repository.js';

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
