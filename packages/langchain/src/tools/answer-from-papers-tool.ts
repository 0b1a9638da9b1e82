/**
 * @module The `answer_from_papers` tool: answer search over every ingested paper (or one). Returns
 * compact JSON with the stored sentences that may answer the question, each with its paper,
 * section and offsets, so the model quotes them instead of writing its own. The rule-based
 * answer span is left out: the model reads the whole sentence, and a wrong hint would mislead it.
 */
import { tool } from '@langchain/core/tools';
import type { DynamicStructuredTool } from '@langchain/core/tools';
import { z } from 'zod';
import { defaultAnswerCount } from '../answer-retriever.js';
import { checkPaperId, resolveFrameIndex } from '../frame-index-source.js';
import type { FrameIndexSource } from '../frame-index-source.js';
import { nonBlankText, resultCount } from './tool-input.js';
import { roundScore, toolJson } from './tool-output.js';

export const answerFromPapersSchema = z.object({
  question: nonBlankText('The question to answer, e.g. "What learning rate is used?".'),
  paperId: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .optional()
    .describe('Search only this paper (an id returned by an earlier call); leave out for all.'),
  k: resultCount(`How many sentences to return (default ${defaultAnswerCount}).`),
});

export type AnswerFromPapersInput = z.input<typeof answerFromPapersSchema>;

/** The tool: validated input in, one line of JSON out (a ToolMessage when invoked with a tool call). */
export type AnswerFromPapersTool = DynamicStructuredTool<
  typeof answerFromPapersSchema,
  z.output<typeof answerFromPapersSchema>,
  AnswerFromPapersInput,
  string
>;

export interface AnswerFromPapersToolOptions {
  frameIndex: FrameIndexSource;
  /** Results when the call gives no `k`; default 5. */
  defaultK?: number;
}

export function createAnswerFromPapersTool(
  options: AnswerFromPapersToolOptions,
): AnswerFromPapersTool {
  return tool(
    async ({ question, paperId, k }) => {
      const index = resolveFrameIndex(options.frameIndex);
      if (paperId !== undefined) checkPaperId({ index, paperId, field: 'paperId' });
      const result = await index.search({
        query: question,
        limit: k ?? options.defaultK ?? defaultAnswerCount,
        ...(paperId === undefined ? {} : { filter: { paperIds: [paperId] } }),
      });
      return toolJson({
        question,
        answers: result.hits.map((hit) => ({
          paperId: hit.paperId,
          paperTitle: hit.paperTitle,
          section: hit.sectionTitle,
          sentenceIndex: hit.sentenceIndex,
          sentence: hit.text,
          charStart: hit.charStart,
          charEnd: hit.charEnd,
          score: roundScore(hit.score),
        })),
      });
    },
    {
      name: 'answer_from_papers',
      description:
        'Answer a question with sentences from the ingested research papers. Returns JSON: ' +
        'sentences best first, each with paperId, paperTitle, section, sentenceIndex, the ' +
        'sentence verbatim and its character offsets. Quote these sentences; do not paraphrase ' +
        'them as if the paper said more.',
      schema: answerFromPapersSchema,
    },
  );
}
