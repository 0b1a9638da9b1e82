/**
 * @module Hypothetical answers by a language model (AI SDK `generateText` with the
 * prompts/hypothetical-answer.md template): one sentence, in the style of a paper, that could
 * answer a search question, for answer and in-paper search to search with (HyDE; the search side is
 * @quarry/frames withHypotheticalAnswers, which bounds the wait and falls back). Only the question
 * is sent, never paper text.
 */
import { generateText } from 'ai';
import type { LanguageModel } from 'ai';
import { fillPrompt, loadPromptTemplate } from './prompt-template.js';
import type { PromptTemplate } from './prompt-template.js';

/** One question in, the model's sentence out; stops when `signal` aborts. */
export type HypotheticalAnswerWriter = (request: {
  question: string;
  signal: AbortSignal;
}) => Promise<string>;

export function createModelHypotheticalAnswerWriter(options: {
  model: LanguageModel;
  promptsDirectory?: string;
}): HypotheticalAnswerWriter {
  let template: Promise<PromptTemplate> | null = null;
  const loadTemplate = (): Promise<PromptTemplate> => {
    template ??= loadPromptTemplate({
      name: 'hypothetical-answer',
      ...(options.promptsDirectory ? { directory: options.promptsDirectory } : {}),
    }).catch((error: unknown) => {
      // Read again next time: a missing file may be restored without a restart.
      template = null;
      throw error;
    });
    return template;
  };
  return async ({ question, signal }) => {
    const { text } = await generateText({
      model: options.model,
      prompt: fillPrompt(await loadTemplate(), { question }),
      // Search waits for this answer: no retry, the caller's deadline is the only one.
      maxRetries: 0,
      abortSignal: signal,
    });
    return text;
  };
}
