/**
 * @module The context-sensitive answer vector h_a = F_a(a, c) of Talk to Papers / SOCO (section
 * 3), built from sentence embeddings so every sentence is embedded once:
 *
 *   h_a = normalise(e(a) + w * normalise(sum over context sentences c_i of e(c_i)))
 *
 * e() is the embedder (unit vectors), w the `answerContextWeight` setting. With a mean-pooled
 * encoder, the sum of the context sentences' unit vectors is close to the embedding of the context
 * as one text, at no extra encoder cost; w = 0 gives the plain sentence embedding.
 */
import { addScaledInPlace, normaliseInPlace } from './vector-math.js';

export interface AnswerVectorInput {
  sentence: Float32Array;
  context: readonly Float32Array[];
  contextWeight: number;
}

export function answerVector(input: AnswerVectorInput): Float32Array {
  const result = Float32Array.from(input.sentence);
  if (input.contextWeight === 0 || input.context.length === 0) return normaliseInPlace(result);
  const context = new Float32Array(result.length);
  for (const vector of input.context) addScaledInPlace(context, vector, 1);
  normaliseInPlace(context);
  addScaledInPlace(result, context, input.contextWeight);
  return normaliseInPlace(result);
}
