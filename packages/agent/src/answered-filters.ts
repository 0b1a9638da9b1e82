/**
 * @module What a user's answers rule out: a kind of data or a language they chose in reply to a
 * clarifying question becomes a recommender filter, so datasets that contradict it (video when
 * they said images) drop out instead of merely ranking a little lower. Only answers that name a
 * known label filter ("Game play" names none and stays a query word); a language the request
 * itself states orders the candidates instead (dataset-agent.ts), because a filter would keep the
 * many datasets that declare no language at all.
 */
import type { RecommendFilters } from '@quarry/recommender';
import { labelsIn } from './constraint-extraction.js';
import type { Constraints } from './slots.js';

export function answeredFilters(constraints: Constraints): RecommendFilters | null {
  const filters: RecommendFilters = {};
  for (const slot of ['modality', 'language'] as const) {
    const constraint = constraints[slot];
    if (constraint?.source !== 'answer' || constraint.value === null) continue;
    const [label] = labelsIn(constraint.value, slot, { languageCodes: true });
    if (label) filters[slot] = label;
  }
  return Object.keys(filters).length > 0 ? filters : null;
}
