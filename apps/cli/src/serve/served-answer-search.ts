/**
 * @module The answer search `quarry serve` gives the API (answers and in-paper find): the offline
 * search as it is, or, when a remote language model is configured (`QUARRY_LLM` openai or ollama)
 * and `QUARRY_HYDE` is not `off`, the same search that also searches with a hypothetical answer
 * sentence the model writes (HyDE, @quarry/frames withHypotheticalAnswers), bounded by
 * `QUARRY_LLM_TIMEOUT_MS` and falling back to the offline result. The local default never changes.
 */
import { createLanguageModel, createModelHypotheticalAnswerWriter } from '@quarry/agent';
import type { Logger } from '@quarry/api';
import { cachedHypotheticalAnswers, withHypotheticalAnswers } from '@quarry/frames';
import type { AnswerSearch } from '@quarry/frames';
import type { Settings } from '../settings.js';

/** Hypothetical answers remembered by question (see cachedHypotheticalAnswers). */
const cachedAnswers = 256;

export interface ServedAnswerSearch {
  /** The search the API serves, or null while the offline one is not loaded. */
  current: () => AnswerSearch | null;
  /** Whether searches also use the language model's hypothetical answers. */
  hypotheticalAnswers: boolean;
}

export function createServedAnswerSearch(options: {
  /** The offline search (answer-search-holder.ts), or null while it loads. */
  currentSearch: () => AnswerSearch | null;
  settings: Pick<Settings, 'languageModel' | 'languageModelTimeoutMs' | 'hypotheticalAnswers'>;
  log: Logger;
  /** Where prompts/hypothetical-answer.md is read from; default the repository's prompts/. */
  promptsDirectory?: string;
}): ServedAnswerSearch {
  const { currentSearch, settings, log } = options;
  const model =
    settings.hypotheticalAnswers && settings.languageModel.provider !== 'local'
      ? createLanguageModel(settings.languageModel)
      : null;
  if (model === null) return { current: currentSearch, hypotheticalAnswers: false };
  const writeHypotheticalAnswer = cachedHypotheticalAnswers({
    writeHypotheticalAnswer: createModelHypotheticalAnswerWriter({
      model,
      ...(options.promptsDirectory === undefined
        ? {}
        : { promptsDirectory: options.promptsDirectory }),
    }),
    maxEntries: cachedAnswers,
  });
  // One wrapper per offline search object: the memory backend swaps its object on a reload.
  const wrapped = new WeakMap<AnswerSearch, AnswerSearch>();
  return {
    hypotheticalAnswers: true,
    current() {
      const answerSearch = currentSearch();
      if (answerSearch === null) return null;
      let search = wrapped.get(answerSearch);
      if (search === undefined) {
        search = withHypotheticalAnswers({
          answerSearch,
          writeHypotheticalAnswer,
          timeoutMs: settings.languageModelTimeoutMs,
          log,
        });
        wrapped.set(answerSearch, search);
      }
      return search;
    },
  };
}
