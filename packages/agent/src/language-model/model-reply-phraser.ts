/**
 * @module Reply phrasing by a language model: it rewrites only the lead sentence of a reply from
 * the reply's facts (prompts/agent-system.md); the datasets, facts and quotations stay Quarry's.
 * A failing model, or an answer that repeats its instructions, falls back to the template text.
 */
import { generateText } from 'ai';
import type { LanguageModel } from 'ai';
import type { AgentReply } from '../agent-reply.js';
import { defaultModelTimeoutMs } from './model-timeout.js';
import { loadPromptTemplate } from './prompt-template.js';

export type ReplyPhraser = (reply: AgentReply) => Promise<string>;

/** Longest lead sentence accepted from a model. */
const maxPhrasedChars = 400;

export function createModelReplyPhraser(options: {
  model: LanguageModel;
  promptsDirectory?: string;
  /** Longest wait for the model, in milliseconds; then the offline result is used. */
  timeoutMs?: number;
}): ReplyPhraser {
  return async (reply) => {
    try {
      const template = await loadPromptTemplate({
        name: 'agent-system',
        ...(options.promptsDirectory ? { directory: options.promptsDirectory } : {}),
      });
      const facts =
        reply.kind === 'recommend'
          ? {
              kind: reply.kind,
              datasets: reply.datasets.map((card) => ({ name: card.name, why: card.why })),
            }
          : { kind: reply.kind, text: reply.text };
      const { text } = await generateText({
        model: options.model,
        system: template.body,
        prompt: `Reply data (JSON):\n${JSON.stringify(facts)}`,
        maxRetries: 1,
        abortSignal: AbortSignal.timeout(options.timeoutMs ?? defaultModelTimeoutMs),
      });
      const phrased = text.trim();
      const leaksInstructions = phrased.includes(template.body.slice(0, 40));
      if (phrased === '' || phrased.length > maxPhrasedChars || leaksInstructions)
        return reply.text;
      return phrased;
    } catch {
      return reply.text;
    }
  };
}
