/**
 * @module The embedder for `quarry eval datasets`: `--model` (or QUARRY_MODEL) through
 * @quarry/encoder's registry. When no model was asked for explicitly and the shipped default is
 * missing or cannot load, the benchmark runs lexical-only and says so on stderr.
 */
import { dirname, join, resolve } from 'node:path';
import { toAppError } from '@quarry/core';
import type { Embedder } from '@quarry/core';
import { isPostgresUrl } from '@quarry/store';
import type { CliIo } from '../cli-io.js';
import { repositoryRoot } from '../settings.js';

export async function loadEvalEmbedder(options: {
  /** `none` for lexical only; `default`, a shipped name, a folder or a hub id otherwise. */
  spec: string;
  /** Whether the user named the model (then a failure is an error, not a fallback). */
  explicit: boolean;
  database: string;
  io: CliIo;
}): Promise<Embedder | null> {
  if (options.spec === 'none') return null;
  try {
    // Loaded only when needed: onnxruntime-node is heavy.
    const encoder = await import('@quarry/encoder');
    const { embedder, model } = await encoder.loadEmbedder({
      spec: options.spec,
      modelsDir: encoder.shippedModelsDirectory(),
      cacheDir: modelCacheDirectory(options.database),
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

/** Next to the embedded database (`.quarry/models`), or in the repository for a PostgreSQL URL. */
function modelCacheDirectory(database: string): string {
  return isPostgresUrl(database)
    ? join(repositoryRoot, '.quarry', 'models')
    : join(dirname(resolve(database)), 'models');
}
