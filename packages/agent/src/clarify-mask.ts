/**
 * @module The masked-task variant of the clarification benchmark (BENCHMARKS.md section 4b): the
 * annotated task phrase is taken out of a query, as a person would leave it out, so the agent has
 * to get it back by asking. Only queries whose task annotation occurs in the query take part.
 */
import type { AnnotatedQuery } from './clarify-simulation.js';
import { escapeRegExp } from '@quarry/text';

/** What a masked task phrase is replaced by. */
export const maskedTaskWords = 'my task';

/**
 * The query with every annotated task phrase that occurs in it (split on `,` and `;`, longest
 * first, case-insensitively) replaced by "my task"; null when none occurs.
 */
export function maskTask(query: AnnotatedQuery): AnnotatedQuery | null {
  const phrases = query.annotations.task
    .split(/[,;]/)
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase !== '')
    .sort((a, b) => b.length - a.length);
  let text = query.text;
  let masked = false;
  for (const phrase of phrases) {
    const pattern = new RegExp(escapeRegExp(phrase), 'gi');
    if (!pattern.test(text)) continue;
    text = text.replace(pattern, maskedTaskWords);
    masked = true;
  }
  return masked ? { ...query, text } : null;
}
