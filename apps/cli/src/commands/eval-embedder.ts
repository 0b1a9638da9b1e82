/**
 * @module The embedder for benchmarks and indexing: `--model` (or QUARRY_MODEL) through the
 * configured registry. When no model was asked for explicitly and the configured one cannot load,
 * the command runs lexical-only and says so on stderr.
 */
import { toAppError } from '@quarry/core';
import type { Embedder } from '@quarry/core';
import type { CliIo } from '../cli-io.js';
import { loadConfiguredEmbedder } from '../load-configured-embedder.js';
import type { Settings } from '../settings.js';

export async function loadEvalEmbedder(options: {
  /** `none` for lexical only; `default`, a shipped name, a folder or a hub id otherwise. */
  spec: string;
  /** Whether the user named the model (then a failure is an error, not a fallback). */
  explicit: boolean;
  settings: Settings;
  io: CliIo;
}): Promise<Embedder | null> {
  if (options.spec === 'none') return null;
  try {
    const { embedder, model } = await loadConfiguredEmbedder({
      settings: options.settings,
      io: options.io,
      model: options.spec,
    });
    options.io.stderr(`model: ${embedder.modelId} (${model.source}, ${model.directory})\n`);
    return embedder;
  } catch (error) {
    const failure = toAppError(error, { code: 'model_failure', message: 'cannot load the model' });
    if (options.explicit) throw failure;
    options.io.stderr(`model: none, ranking lexical-only (${failure.message})\n`);
    return null;
  }
}
