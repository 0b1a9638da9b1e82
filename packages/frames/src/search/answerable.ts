/**
 * @module Which frames question search may return: not a section heading, and at least
 * `minAnswerWords` words long. Text search still finds the others. Both backends use this test.
 */
import type { IndexedFrame } from '../indexed-frame.js';

export function isAnswerable(
  frame: Pick<IndexedFrame, 'text' | 'sectionTitle'>,
  minWords: number,
): boolean {
  const text = frame.text.trim();
  if (text.toLowerCase() === frame.sectionTitle.trim().toLowerCase()) return false;
  return text.split(/\s+/).length >= minWords;
}
