import { describe, expect, it } from 'vitest';
import { readSize } from './size-wish.js';

describe('the size a refinement asks for', () => {
  it('reads bigger, smaller and bounds', () => {
    expect(readSize('bigger ones please').wish?.order).toBe('larger');
    expect(readSize('something tiny, it has to train in an hour').wish?.order).toBe('smaller');
    const laptop = readSize('something small enough to train on a laptop in an hour');
    expect(laptop.wish?.order).toBe('smaller');
    expect(laptop.rest.replace(/\s+/g, ' ').trim()).toBe('something to');
    expect(readSize('at least 50k images').wish).toEqual({ order: null, min: 50_000, max: null });
    expect(readSize('only the big ones pls, 50k+ images').wish).toEqual({
      order: 'larger',
      min: 50_000,
      max: null,
    });
    expect(readSize('100,000 or more pairs').wish?.min).toBe(100_000);
    // Many of what the data counts, without a number: larger, and no words left to search for.
    const many = readSize('large ones, millions of nodes');
    expect(many.wish?.order).toBe('larger');
    expect(many.rest.replace(/[\s,]+/g, ' ').trim()).toBe('');
  });

  it('reads a size said of something as a judgement of it, not a wish', () => {
    expect(readSize('Cora and Citeseer are tiny').wish).toBeUndefined();
    // A size allowed lifts the wish; a size asked for beside it still stands.
    expect(readSize('eh, bigger is fine too actually').wish).toBeNull();
    expect(readSize('size does not matter').wish).toBeNull();
    expect(readSize('any size, but at least 50k images').wish?.min).toBe(50_000);
    expect(readSize('those are way too huge, what else').wish).toBeUndefined();
    // The judgement stays in the text for the clause that rules the datasets out.
    expect(readSize('Cora is tiny').rest).toContain('tiny');
  });
});
