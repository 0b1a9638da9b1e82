/**
 * @module A small seeded PRNG (mulberry32), injected wherever evaluation needs randomness so
 * bootstrap numbers are reproducible.
 */

/** Returns a function giving uniform numbers in [0, 1), the same sequence for the same seed. */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
