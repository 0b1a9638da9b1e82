/**
 * @module Loads the embedding model the settings (or `--model`) name, through the encoder's
 * registry: the shipped default, a folder, a Model2Vec folder or a hub id.
 */
import { resolve } from 'node:path';
import type { LoadedEmbedder } from '@quarry/encoder';
import type { Settings } from './settings.js';
import type { CliIo } from './cli-io.js';

export async function loadConfiguredEmbedder(options: {
  settings: Settings;
  io: CliIo;
  /** Overrides QUARRY_MODEL. */
  model?: string | undefined;
}): Promise<LoadedEmbedder> {
  const { settings, io } = options;
  // Loaded on demand: onnxruntime-node is heavy and most commands do not need it.
  const encoder = await import('@quarry/encoder');
  return encoder.loadEmbedder({
    spec: options.model ?? settings.model,
    modelsDir: encoder.shippedModelsDirectory(),
    cacheDir: resolve(settings.modelCache),
    // onnxruntime-node runs each batch synchronously on the calling thread, so runs in flight do
    // not overlap: the cores are used by splitting one batch between `threads` intra-op threads
    // (idle machine, `benchmark-encoder-cli.js`: 166 sentences/s against 88 for one thread and two
    // runs; docs/benchmarks.md), and that thread is a worker of the encoder's own, so that no batch
    // holds the event loop.
    intraOpNumThreads: settings.threads,
    parallelRuns: 1,
    batchSize: settings.encoderBatch,
    thread: settings.encoderThread,
    ...(settings.hubUrl ? { hubUrl: settings.hubUrl } : {}),
    ...(settings.debug
      ? {
          debug: (message: string, fields?: Readonly<Record<string, unknown>>) =>
            io.stderr(`debug: ${message} ${JSON.stringify(fields ?? {})}\n`),
        }
      : {}),
  });
}
