/**
 * @module Which language model the agent uses: `local` (deterministic templates, no network, the
 * default), any OpenAI-compatible endpoint, or Ollama (through its OpenAI-compatible API).
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { AppError } from '@quarry/core';

export const languageModelProviders = ['local', 'openai', 'ollama'] as const;
export type LanguageModelProvider = (typeof languageModelProviders)[number];

export interface LanguageModelSettings {
  provider: LanguageModelProvider;
  /** Base URL of the OpenAI-compatible API (default for ollama: http://127.0.0.1:11434/v1). */
  baseUrl?: string;
  apiKey?: string;
  model?: string;
}

export const defaultOllamaBaseUrl = 'http://127.0.0.1:11434/v1';
export { defaultModelTimeoutMs } from './model-timeout.js';

/** The AI SDK model for the settings, or null for the local (template) agent. */
export function createLanguageModel(settings: LanguageModelSettings): LanguageModel | null {
  switch (settings.provider) {
    case 'local':
      return null;
    case 'openai':
    case 'ollama': {
      const baseURL =
        settings.baseUrl ?? (settings.provider === 'ollama' ? defaultOllamaBaseUrl : undefined);
      if (!baseURL || !settings.model) {
        throw new AppError({
          code: 'invalid_input',
          message: `the ${settings.provider} language model needs a base URL and a model name`,
          where: 'QUARRY_LLM_BASE_URL / QUARRY_LLM_MODEL',
          fix: 'set both, or use QUARRY_LLM=local',
        });
      }
      const provider = createOpenAICompatible({
        name: settings.provider,
        baseURL,
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
      });
      return provider.chatModel(settings.model);
    }
  }
}
