/**
 * @module Opens an onnxruntime-node session the way every Quarry model runs: one inter-op thread,
 * sequential execution, all graph optimisations, intra-op threads that sleep between runs, and a
 * load failure reported against the model file.
 */
import * as ort from 'onnxruntime-node';
import { toAppError } from '@quarry/core';

export async function openInferenceSession(options: {
  model: Uint8Array;
  /** The model file, named in a load failure. */
  where: string;
  /** onnxruntime intra-op threads; onnxruntime picks (all cores) when left out. */
  intraOpNumThreads?: number | undefined;
}): Promise<ort.InferenceSession> {
  try {
    return await ort.InferenceSession.create(options.model, {
      ...(options.intraOpNumThreads ? { intraOpNumThreads: options.intraOpNumThreads } : {}),
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      logSeverityLevel: 3,
      // Intra-op threads sleep instead of spinning between runs: on 2 cores spinning threads took
      // CPU from the database's thread and the event loop (`quarry index` of SciREX used a fifth
      // less CPU without spinning; docs/benchmarks.md, fifth session).
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    });
  } catch (error) {
    throw toAppError(error, {
      code: 'model_failure',
      message: 'onnxruntime could not load the model',
      where: options.where,
      fix: 'check that the file is a complete ONNX model (re-download or re-export it)',
    });
  }
}
