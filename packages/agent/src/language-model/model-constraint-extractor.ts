/**
 * @module Constraint extraction by a language model (AI SDK `generateObject` with a zod schema and
 * the prompts/constraint-extraction.md template). Its answer only fills slots the offline
 * extractor left open, and a failing model falls back to the offline result.
 */
import { generateObject } from 'ai';
import type { LanguageModel } from 'ai';
import { z } from 'zod';
import type { Constraints } from '../slots.js';
import { defaultModelTimeoutMs } from './model-timeout.js';
import { fillPrompt, loadPromptTemplate } from './prompt-template.js';

const extractedConstraintsSchema = z.object({
  task: z.string().max(120).optional(),
  modality: z.string().max(60).optional(),
  domain: z.string().max(120).optional(),
  language: z.string().max(60).optional(),
  textLength: z.string().max(30).optional(),
});

export type ConstraintExtractor = (request: string) => Promise<Constraints>;

export function createModelConstraintExtractor(options: {
  model: LanguageModel;
  promptsDirectory?: string;
  /** Longest wait for the model, in milliseconds; then the offline result is used. */
  timeoutMs?: number;
  /** Called when the model fails; the offline result is used instead. */
  onError?: (error: unknown) => void;
}): ConstraintExtractor {
  return async (request) => {
    try {
      const template = await loadPromptTemplate({
        name: 'constraint-extraction',
        ...(options.promptsDirectory ? { directory: options.promptsDirectory } : {}),
      });
      const { object } = await generateObject({
        model: options.model,
        schema: extractedConstraintsSchema,
        prompt: fillPrompt(template, { request }),
        maxRetries: 1,
        abortSignal: AbortSignal.timeout(options.timeoutMs ?? defaultModelTimeoutMs),
      });
      const constraints: Constraints = {};
      for (const [slot, value] of Object.entries(object) as [
        keyof Constraints,
        string | undefined,
      ][]) {
        if (value && value.trim() !== '')
          constraints[slot] = { value: value.trim(), source: 'request' };
      }
      return constraints;
    } catch (error) {
      options.onError?.(error);
      return {};
    }
  };
}
