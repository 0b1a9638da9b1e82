/**
 * @module A LangChain `Embeddings` over any Quarry Embedder, so Quarry's encoder plugs into
 * LangChain vector stores and retrievers.
 */
import { Embeddings } from '@langchain/core/embeddings';
import type { EmbeddingsParams } from '@langchain/core/embeddings';
import type { Embedder } from '@quarry/core';

export interface QuarryEmbeddingsParams extends EmbeddingsParams {
  embedder: Embedder;
}

export class QuarryEmbeddings extends Embeddings {
  private readonly embedder: Embedder;

  constructor(params: QuarryEmbeddingsParams) {
    super(params);
    this.embedder = params.embedder;
  }

  override async embedDocuments(documents: string[]): Promise<number[][]> {
    const vectors = await this.caller.call(() => this.embedder.embed(documents));
    return vectors.map((vector) => Array.from(vector));
  }

  /** A query gets the model's query prompt (e5's `query: `), as Quarry's own searches do. */
  override async embedQuery(document: string): Promise<number[]> {
    const [vector] = await this.caller.call(() => this.embedder.embed([document], 'query'));
    return vector ? Array.from(vector) : [];
  }
}
