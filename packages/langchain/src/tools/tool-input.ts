/**
 * @module The zod pieces the tool input schemas share. Each says what it is in `describe`, since
 * that text is what a model reads when it decides how to call a tool; a blank text fails the
 * schema, so LangChain rejects the call with a ToolInputParsingException that names the field.
 */
import { z } from 'zod';

/** The most results one tool call may ask for. */
export const maxToolResults = 20;

/** A required text that may not be blank (surrounding whitespace is trimmed). */
export function nonBlankText(description: string) {
  return z.string().trim().min(1, { error: 'must not be empty' }).describe(description);
}

/** An optional result count from 1 to `maxToolResults`. */
export function resultCount(description: string) {
  return z.number().int().min(1).max(maxToolResults).optional().describe(description);
}
