/**
 * @module Cleans a user message before the agent reads it: control characters and markup removed
 * (a chat message is plain text: "<script>…</script> question answering over tables" asks about
 * tables, not about scripts), length capped, and messages with no words at all (empty, emoji only,
 * punctuation) recognised.
 */

/** Script and style elements with their content, then any other HTML or XML tag. */
const markupElements = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/giu;
const markupTags = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/giu;

export type SanitizedMessage =
  { kind: 'empty' } | { kind: 'text'; text: string; truncated: boolean };

export function sanitizeMessage(options: { message: string; maxChars: number }): SanitizedMessage {
  const cleaned = options.message
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
    .replace(markupElements, ' ')
    .replace(markupTags, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(cleaned)) return { kind: 'empty' };
  const truncated = cleaned.length > options.maxChars;
  return {
    kind: 'text',
    text: truncated ? cleaned.slice(0, options.maxChars) : cleaned,
    truncated,
  };
}
