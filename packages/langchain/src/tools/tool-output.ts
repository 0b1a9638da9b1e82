/**
 * @module What the tools hand back to a model: one line of compact JSON (no indentation, scores
 * rounded to four decimals), holding only ids, names and sentences the recommender or the index
 * returned, so the model can cite them and cannot be handed made-up text.
 */

/** A score rounded to four decimals: enough to order by, short in a prompt. */
export function roundScore(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}

/** One line of JSON; `undefined` fields are dropped, as JSON.stringify does. */
export function toolJson(value: unknown): string {
  return JSON.stringify(value);
}
