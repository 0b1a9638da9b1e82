/**
 * @module `QuarryDatasetRetriever`: a LangChain BaseRetriever over the DatasetRecommender. A query
 * is a research need in plain words; each Document is one catalog dataset (see
 * dataset-document.ts), best first, at most `k`, after the year and constraint filters.
 */
import type { CallbackManagerForRetrieverRun } from '@langchain/core/callbacks/manager';
import type { Document } from '@langchain/core/documents';
import { BaseRetriever } from '@langchain/core/retrievers';
import type { BaseRetrieverInput } from '@langchain/core/retrievers';
import { datasetDocument } from './dataset-document.js';
import type { DatasetDocumentMetadata } from './dataset-document.js';
import { checkResultCount, searchDatasets } from './dataset-search.js';
import type { DatasetSearchFilters, DatasetSearchSource } from './dataset-search.js';

export const defaultDatasetCount = 5;

export interface QuarryDatasetRetrieverInput extends BaseRetrieverInput, DatasetSearchSource {
  /** How many datasets to return; default 5. */
  k?: number;
  filters?: DatasetSearchFilters;
}

export class QuarryDatasetRetriever extends BaseRetriever<DatasetDocumentMetadata> {
  lc_namespace = ['quarry', 'langchain', 'retrievers'];

  static override lc_name(): string {
    return 'QuarryDatasetRetriever';
  }

  readonly k: number;
  readonly filters: DatasetSearchFilters;
  private readonly source: DatasetSearchSource;

  constructor(input: QuarryDatasetRetrieverInput) {
    super(input);
    this.k = checkResultCount(input.k ?? defaultDatasetCount, 'k');
    this.filters = { ...input.filters };
    this.source = {
      recommender: input.recommender,
      catalog: input.catalog,
      ...(input.frameIndex === undefined ? {} : { frameIndex: input.frameIndex }),
    };
  }

  override async _getRelevantDocuments(
    query: string,
    _runManager?: CallbackManagerForRetrieverRun,
  ): Promise<Document<DatasetDocumentMetadata>[]> {
    const found = await searchDatasets({
      ...this.source,
      query,
      k: this.k,
      filters: this.filters,
    });
    return found.map(datasetDocument);
  }
}
