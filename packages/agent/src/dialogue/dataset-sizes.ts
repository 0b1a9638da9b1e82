/**
 * @module Sizes of datasets: a catalog size read as a number ("over 14 million images"), and the
 * candidates bounded or ordered by a size the person asked for ("at least 10k", "bigger ones").
 * Pure: entries in, entries out.
 */
import type { Dataset } from '@quarry/core';
import type { SizeWish } from './read-refinement.js';

/** Anything that carries its dataset. */
interface Sized {
  dataset: Pick<Dataset, 'size'>;
}

/** Datasets whose known size is outside the bounds left out; the rest keep their order. */
export function withinSizeBounds<E extends Sized>(entries: E[], wish: SizeWish | null): E[] {
  if (!wish || (wish.min === null && wish.max === null)) return entries;
  // Datasets of a known size out of bounds go; the rest keep the order of relevance (most records
  // state no size, and a known size does not make an off-topic dataset fit: "bigger than CUB" had
  // put ImageNet, PCam and CIFAR before the bird datasets whose size is not in the catalog).
  return entries.filter(({ dataset }) => {
    const size = sizeOf(dataset.size);
    return (
      size === null ||
      ((wish.min === null || size >= wish.min) && (wish.max === null || size <= wish.max))
    );
  });
}

/**
 * Of the first `window` entries, those of a known size re-ordered among their own places, the
 * bigger (or smaller) first; an entry of unknown size keeps its place. Most records state no
 * size, and the ones that do are mostly general benchmarks: a known size must not lift ImageNet
 * over the galaxy images asked for.
 */
export function bySizeOrder<E extends Sized>(
  entries: E[],
  wish: SizeWish | null,
  window: number,
): E[] {
  if (!wish?.order) return entries;
  const sign = wish.order === 'larger' ? -1 : 1;
  const head = entries
    .slice(0, window)
    .map((entry) => ({ entry, size: sizeOf(entry.dataset.size) }));
  const known = head
    .filter(({ size }) => size !== null)
    .sort((left, right) => sign * ((left.size ?? 0) - (right.size ?? 0)));
  let next = 0;
  return [
    ...head.map(({ entry, size }) => (size === null ? entry : (known[next++]?.entry ?? entry))),
    ...entries.slice(window),
  ];
}

/** A catalog size ("70,000 images", "over 14 million images") as a number, or null. */
export function sizeOf(size: string | null): number | null {
  const match = size ? /(\d[\d,.]*)\s*(thousand|million|billion|k|m|b)?\b/i.exec(size) : null;
  if (!match?.[1]) return null;
  const value = Number(match[1].replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  const scale: Record<string, number> = {
    thousand: 1e3,
    k: 1e3,
    million: 1e6,
    m: 1e6,
    billion: 1e9,
    b: 1e9,
  };
  return value * (match[2] ? (scale[match[2].toLowerCase()] ?? 1) : 1);
}
