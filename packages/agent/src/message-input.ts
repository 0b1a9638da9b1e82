/**
 * @module Cleans a user message before the agent reads it: control characters removed, length
 * capped, and messages with no words at all (empty, emoji only, punctuation) recognised.
 */

export type SanitizedMessage =
  { kind: 'empty' } | { kind: 'text'; text: string; truncated: boolean };

export function sanitizeMessage(options: { message: string; maxChars: number }): SanitizedMessage {
  const cleaned = options.message.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim();
  if (!/[\p{L}\p{N}]/u.test(cleaned)) return { kind: 'empty' };
  const truncated = cleaned.length > options.maxChars;
  return {
    kind: 'text',
    text: truncated ? cleaned.slice(0, options.maxChars) : cleaned,
    truncated,
  };
}
