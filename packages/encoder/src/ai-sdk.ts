/**
 * @module Entry `@quarry/encoder/ai-sdk`: the AI SDK embedding model over a Quarry Embedder, kept
 * off the main entry so the runtime does not load AI SDK code unless asked.
 */
export { quarryEmbeddingModel } from './adapters/ai-sdk-embedding-model.js';
