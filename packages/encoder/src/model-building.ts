/**
 * @module Entry `@quarry/encoder/model-building`: what writing a model folder needs beyond the
 * runtime — the ONNX writer (protobuf encoder, graph builder, the static-embedding graph), the
 * safetensors reader and the Hugging Face tokenizer handle. Used by the encoder trainer in eval/
 * and by test fixtures; `quarry model import` reaches the same code through `importModel2Vec`.
 */
export { loadHuggingFaceTokenizer } from './embedder/hugging-face-tokenizer.js';
export type { HuggingFaceTokenizer } from './embedder/hugging-face-tokenizer.js';
export {
  readSafetensors,
  safetensorToFloat32,
  safetensorToInt32,
} from './model-files/safetensors-reader.js';
export type { SafetensorsFile, SafetensorsTensor } from './model-files/safetensors-reader.js';
export { encodeOnnxModel, onnxElementTypeCodes } from './onnx/onnx-model-encoder.js';
export type {
  OnnxAttribute,
  OnnxElementType,
  OnnxInitializer,
  OnnxModelDescription,
  OnnxNode,
  OnnxValueInfo,
} from './onnx/onnx-model-encoder.js';
export { OnnxGraphBuilder } from './onnx/onnx-graph-builder.js';
export {
  buildStaticEmbeddingGraph,
  sentenceEmbeddingOutputName,
} from './onnx/static-embedding-graph.js';
export type { StaticEmbeddingGraphOptions } from './onnx/static-embedding-graph.js';
