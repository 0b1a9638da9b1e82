/**
 * @module `QuarryAnswerRetriever`: a LangChain BaseRetriever over the frame index (Talk to Papers /
 * SOCO answer search). A query is a question; each Document is one stored sentence that may answer
 * it (see answer-document.ts), best first, at most `k`, optionally only from some papers.
 */
import type { CallbackManagerForRetrieverRun } from '@langchain/core/callbacks/manager';
import type { Document } from '@langchain/core/documents';
import { BaseRetriever } from '@langchain/core/retrievers';
import type { BaseRetrieverInput } from '@langchain/core/retrievers';
import type { FrameFilter } from '@quarry/frames';
import { answerDocument } from './answer-document.js';
import type { AnswerDocumentMetadata } from './answer-document.js';
import { checkResultCount } from './dataset-search.js';
import { checkPaperId, resolveFrameIndex } from './frame-index-source.js';
import type { FrameIndexSource } from './frame-index-source.js';

export const defaultAnswerCount = 5;

export interface QuarryAnswerRetrieverInput extends BaseRetrieverInput {
  frameIndex: FrameIndexSource;
  /** How many sentences to return; default 5, at most the index's `maxResults` setting. */
  k?: number;
  /** Only these papers, sections or years; an unknown paper id is an error, not an empty list. */
  filter?: FrameFilter;
}

export class QuarryAnswerRetriever extends BaseRetriever<AnswerDocumentMetadata> {
  lc_namespace = ['quarry', 'langchain', 'retrievers'];

  static override lc_name(): string {
    return 'QuarryAnswerRetriever';
  }

  readonly k: number;
  readonly filter: FrameFilter;
  private readonly frameIndex: FrameIndexSource;

  constructor(input: QuarryAnswerRetrieverInput) {
    super(input);
    this.k = checkResultCount(input.k ?? defaultAnswerCount, 'k');
    this.filter = { ...input.filter };
    this.frameIndex = input.frameIndex;
  }

  override async _getRelevantDocuments(
    query: string,
    _runManager?: CallbackManagerForRetrieverRun,
  ): Promise<Document<AnswerDocumentMetadata>[]> {
    const index = resolveFrameIndex(this.frameIndex);
    for (const paperId of this.filter.paperIds ?? []) {
      checkPaperId({ index, paperId, field: 'filter.paperIds' });
    }
    const result = await index.search({ query, limit: this.k, filter: this.filter });
    return result.hits.map(answerDocument);
  }
}
