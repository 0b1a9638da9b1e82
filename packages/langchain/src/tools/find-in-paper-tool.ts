/**
 * @module The `find_in_paper` tool: natural-language Ctrl+F inside one paper (findInPaper from
 * @quarry/frames). `question` mode ranks the paper's sentences by meaning and marks the likely
 * answer; `text` mode finds an exact (case-insensitive) string or a /regex/ in reading order.
 * Returns compact JSON with each hit's sentence, section, offsets and highlighted span.
 */
import { tool } from '@langchain/core/tools';
import type { DynamicStructuredTool } from '@langchain/core/tools';
import { findInPaper, findModes } from '@quarry/frames';
import { z } from 'zod';
import { checkPaperId, resolveFrameIndex } from '../frame-index-source.js';
import type { FrameIndexSource } from '../frame-index-source.js';
import { nonBlankText, resultCount } from './tool-input.js';
import { roundScore, toolJson } from './tool-output.js';

export const defaultFindCount = 5;

export const findInPaperSchema = z.object({
  paperId: nonBlankText('The id of the paper to search (as returned by answer_from_papers).'),
  query: nonBlankText(
    'A question ("which optimizer is used?") in question mode; a word, phrase or /regex/ in text mode.',
  ),
  mode: z
    .enum(findModes)
    .optional()
    .describe('"question": rank sentences by meaning (default); "text": exact matches in order.'),
  k: resultCount(`How many hits to return (default ${defaultFindCount}).`),
});

export type FindInPaperInput = z.input<typeof findInPaperSchema>;

/** The tool: validated input in, one line of JSON out (a ToolMessage when invoked with a tool call). */
export type FindInPaperTool = DynamicStructuredTool<
  typeof findInPaperSchema,
  z.output<typeof findInPaperSchema>,
  FindInPaperInput,
  string
>;

export interface FindInPaperToolOptions {
  frameIndex: FrameIndexSource;
  /** Hits when the call gives no `k`; default 5. */
  defaultK?: number;
}

export function createFindInPaperTool(options: FindInPaperToolOptions): FindInPaperTool {
  return tool(
    async ({ paperId, query, mode = 'question', k }) => {
      const index = resolveFrameIndex(options.frameIndex);
      checkPaperId({ index, paperId, field: 'paperId' });
      const result = await findInPaper({
        index,
        paperId,
        query,
        mode,
        limit: k ?? options.defaultK ?? defaultFindCount,
      });
      const range = index.paperRange(paperId);
      return toolJson({
        paperId,
        paperTitle: range === undefined ? undefined : index.frameAt(range.start).paperTitle,
        query,
        mode,
        hits: result.hits.map((hit) => ({
          section: hit.sectionTitle,
          sentenceIndex: hit.sentenceIndex,
          sentence: hit.text,
          charStart: hit.charStart,
          charEnd: hit.charEnd,
          highlight: hit.highlight
            ? {
                text: hit.highlight.text,
                kind: hit.highlight.kind,
                charStart: hit.highlight.charStart,
                charEnd: hit.highlight.charEnd,
              }
            : undefined,
          score: mode === 'question' ? roundScore(hit.score) : undefined,
        })),
      });
    },
    {
      name: 'find_in_paper',
      description:
        'Search inside one paper, like Ctrl+F that understands questions. Returns JSON: hits ' +
        'with the sentence verbatim, its section, sentenceIndex, character offsets in the ' +
        'paper and a highlight: the text match (kind "match") or, in question mode, a ' +
        'rule-based guess at the answer (kind "number", "time" or "name"); check it against ' +
        'the sentence.',
      schema: findInPaperSchema,
    },
  );
}
