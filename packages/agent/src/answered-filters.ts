/**
 * @module What a user's answers rule out: a kind of data or a language they chose in reply to a
 * clarifying question becomes a recommender filter, so datasets that contradict it (video when
 * they said images) drop out instead of merely ranking a little lower. Only answers that name a
 * known label filter ("Game play" names none and stays a query word); what the request itself
 * says stays in the query, where the recommender already weighs it.
 */
import type { RecommendFilters } from '@quarry/recommender';
import { labelsIn } from './constraint-extraction.js';
import type { Constraints } from './slots.js';

export function answeredFilters(constraints: Constraints): RecommendFilters | null {
  const filters: RecommendFilters = {};
  for (const slot of ['modality', 'language'] as const) {
    const constraint = constraints[slot];
    if (constraint?.source !== 'answer' || constraint.value === null) continue;
    const [label] = labelsIn(constraint.value, slot);
    if (label) filters[slot] = label;
  }
  return Object.keys(filters).length > 0 ? filters : null;
}
