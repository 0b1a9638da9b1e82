/**
 * @module Text as a regular expression that matches it literally ("C++ (v2)" -> "C\+\+ \(v2\)").
 */

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
