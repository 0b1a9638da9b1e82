/**
 * @module Seeded pseudo-random numbers (xoshiro128**, Blackman & Vigna 2018, seeded through
 * splitmix32): the one seeded random source, injected wherever training, evaluation (bootstrap
 * resamples, load mixes) or test fixtures need randomness, so runs repeat exactly.
 */

/** Methods are closures (`this: void`), so `random.nextFloat` can be passed on alone. */
export interface RandomSource {
  /** Uniform in [0, 1). */
  nextFloat(this: void): number;
  /** Uniform integer in [0, maxExclusive). */
  nextInt(this: void, maxExclusive: number): number;
  /** Standard normal (Box-Muller). */
  nextGaussian(this: void): number;
  /** Shuffles in place (Fisher-Yates) and returns the same array. */
  shuffle<T>(this: void, items: T[]): T[];
}

export function createSeededRandom(seed: number): RandomSource {
  // splitmix32 spreads a small integer seed over the 128-bit state.
  let splitState = seed >>> 0;
  const splitmix = (): number => {
    splitState = (splitState + 0x9e3779b9) >>> 0;
    let value = splitState;
    value = Math.imul(value ^ (value >>> 16), 0x85ebca6b);
    value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35);
    return (value ^ (value >>> 16)) >>> 0;
  };
  let s0 = splitmix();
  let s1 = splitmix();
  let s2 = splitmix();
  let s3 = splitmix();

  const nextUint32 = (): number => {
    const result = Math.imul(rotateLeft(Math.imul(s1, 5), 7), 9) >>> 0;
    const shifted = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= shifted;
    s3 = rotateLeft(s3, 11);
    return result;
  };

  const nextFloat = (): number => nextUint32() / 4294967296;

  return {
    nextFloat,
    nextInt: (maxExclusive) => Math.floor(nextFloat() * maxExclusive),
    nextGaussian() {
      const u1 = 1 - nextFloat();
      const u2 = nextFloat();
      return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    },
    shuffle(items) {
      for (let index = items.length - 1; index > 0; index -= 1) {
        const other = Math.floor(nextFloat() * (index + 1));
        const held = items[index]!;
        items[index] = items[other]!;
        items[other] = held;
      }
      return items;
    },
  };
}

function rotateLeft(value: number, bits: number): number {
  return ((value << bits) | (value >>> (32 - bits))) >>> 0;
}
