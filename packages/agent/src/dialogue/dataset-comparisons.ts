/**
 * @module What "bigger than WikiText-103" or "newer than SQuAD" means for the catalog: a size or
 * year bound from the named dataset, and that dataset ruled out. Pure.
 */
import type { Dataset } from '@quarry/core';
import { sizeOf } from './dataset-sizes.js';
import type { Refinement, SizeWish } from './read-refinement.js';

/**
 * What "bigger than WikiText-103" or "newer than SQuAD" means for a catalog dataset: a size or
 * year bound from it, and the dataset itself ruled out.
 */
export function compareWith(options: {
  refinement: Refinement;
  findDataset: (name: string) => Dataset | null;
}): {
  size: SizeWish | null;
  years: { yearMin?: number; yearMax?: number };
  excluded: string[];
} {
  let size: SizeWish | null = null;
  const years: { yearMin?: number; yearMax?: number } = {};
  const excluded: string[] = [];
  for (const { relation, name } of options.refinement.comparisons) {
    const dataset = options.findDataset(name);
    if (!dataset) continue;
    excluded.push(dataset.name);
    const own = sizeOf(dataset.size);
    if (relation === 'larger')
      size = { order: 'larger', min: own === null ? null : own + 1, max: null };
    if (relation === 'smaller')
      size = { order: 'smaller', min: null, max: own === null ? null : own - 1 };
    if (relation === 'newer' && dataset.year !== null) years.yearMin = dataset.year + 1;
    if (relation === 'older' && dataset.year !== null) years.yearMax = dataset.year - 1;
  }
  return { size, years, excluded };
}
