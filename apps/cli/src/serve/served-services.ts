/**
 * @module The services a process holding the database serves, composed once for `quarry serve`
 * and for `quarry mcp` on its own: the encoder, the answer search (loaded by the caller), the
 * dataset catalog with the chat agent (rebuilt when another process changes it), the question
 * search the API and MCP answer people with, uploads that are searchable when they return, and
 * arXiv papers pulled as `quarry pull arxiv` does.
 */
import { existsSync } from 'node:fs';
import {
  createLanguageModel,
  createModelConstraintExtractor,
  createModelReplyPhraser,
} from '@quarry/agent';
import { createPaperUploader } from '@quarry/api';
import type { Logger, PaperUploader } from '@quarry/api';
import { withQueryEmbeddingCache } from '@quarry/core';
import type { Embedder } from '@quarry/core';
import { createRuleQuestionGenerator, generateQuestions } from '@quarry/frames';
import type { AnswerSearch } from '@quarry/frames';
import { createArxivOnDemand, pullArxivPapers } from '@quarry/ingest';
import type { ArxivOnDemand } from '@quarry/ingest';
import type { AddedPapers } from '@quarry/mcp';
import type { Store } from '@quarry/store';
import { createAnswerSearchHolder } from '../answer-search-holder.js';
import { loadDatasetChannels } from '../dataset-embedder.js';
import type { DatasetChannels } from '../dataset-embedder.js';
import type { AnswerSearchHolder } from '../answer-search-holder.js';
import type { CommandContext } from '../command.js';
import { createFrameAnswerSource } from '../frame-answer-source.js';
import { createFrameCitationSource } from '../frame-citation-source.js';
import { starterTaskNames } from '../starter-task-names.js';
import { quarryVersion } from '../version.js';
import { createServedAnswerSearch } from './served-answer-search.js';
import { chooseServedModel } from './served-model.js';
import type { ServedAnswerSearch } from './served-answer-search.js';
import { followServedCatalog, startServedCatalog } from './served-catalog.js';
import type { FollowedCatalog } from './served-catalog.js';

export interface ServedServices extends FollowedCatalog {
  embedder: Embedder | null;
  /** The answer search holder; the caller starts loading it (`reload`). */
  frames: AnswerSearchHolder | null;
  currentFrameIndex: () => AnswerSearch | null;
  servedAnswers: ServedAnswerSearch;
  uploader: PaperUploader;
  /** add_paper with an arXiv id or URL. */
  addArxivPaper: (reference: string) => Promise<AddedPapers>;
  /** Slack's "Add it" on an arXiv link: held already, or pulled the same way, one at a time. */
  arxivPapers: ArxivOnDemand;
  /** Stops following the catalog. */
  stop(): Promise<void>;
}

async function embedderOrNull(
  context: CommandContext,
  store: Store,
  model: string | undefined,
): Promise<Embedder | null> {
  try {
    const { embedder, note } = await chooseServedModel({ context, store, model });
    if (note !== null) context.io.stderr(`${note}\n`);
    const withCatalog = await withCatalogVectors(context, embedder);
    // One query's vector serves the answer search, the recommender and the agent of a request.
    return withQueryEmbeddingCache(withCatalog, context.settings.queryEmbeddingCacheEntries);
  } catch (error) {
    context.io.stderr(
      `note: no encoder (${error instanceof Error ? error.message : String(error)}); lexical search only\n`,
    );
    return null;
  }
}

/**
 * The embedder answering the catalog's dataset passages from the vectors made ahead of time
 * (QUARRY_CATALOG_VECTORS), when they were made by this model; else the embedder as it is.
 */
async function withCatalogVectors(
  context: CommandContext,
  embedder: Embedder,
  /** Whether to say so when no table is this model's. */
  noteMismatch = true,
): Promise<Embedder> {
  const files = context.settings.catalogVectors.filter((file) => existsSync(file));
  if (files.length === 0) return embedder;
  const encoder = await import('@quarry/encoder');
  const models: string[] = [];
  for (const file of files) {
    const table = await encoder.readPassageVectorTable(file);
    if (table.model === embedder.modelId) return encoder.withPassageVectorTable(embedder, table);
    models.push(table.model);
  }
  if (noteMismatch) {
    context.io.stderr(
      `note: the catalog vectors in ${files.join(', ')} are of ${models.join(', ')}, not ${embedder.modelId}; the catalog is embedded at start\n`,
    );
  }
  return embedder;
}

/**
 * The dataset recommender's channels (QUARRY_DATASET_MODEL): `same` is the answer model as loaded
 * (its catalog vectors and query cache shared with answer search), every other model gets the
 * catalog's vectors and a query cache of its own.
 */
async function servedDatasetChannels(
  context: CommandContext,
  answerEmbedder: Promise<Embedder | null>,
): Promise<DatasetChannels> {
  return loadDatasetChannels({
    settings: context.settings,
    io: context.io,
    answerEmbedder,
    wrap: async (loaded) =>
      withQueryEmbeddingCache(
        await withCatalogVectors(context, loaded),
        context.settings.queryEmbeddingCacheEntries,
      ),
  });
}

export async function composeServedServices(options: {
  context: CommandContext;
  store: Store;
  /** The database as given (`--db`): arXiv pull checkpoints are kept per database. */
  location: string;
  model: string | undefined;
  logger: Logger;
}): Promise<ServedServices> {
  const { context, store } = options;
  const { io, settings } = context;
  // The answer model and the dataset models load side by side (each an onnxruntime session).
  const answerEmbedder = embedderOrNull(context, store, options.model);
  const datasetChannelsLoading = servedDatasetChannels(context, answerEmbedder);
  const embedder = await answerEmbedder;
  const frames = embedder
    ? createAnswerSearchHolder({
        store,
        embedder,
        settings: { inPaperRerankDepth: settings.rerankDepth },
        log: (line) => io.stderr(`${line}\n`),
      })
    : null;
  const currentFrameIndex = () => frames?.current() ?? null;
  const languageModel = createLanguageModel(settings.languageModel);
  const catalog = await startServedCatalog({
    store,
    dense: await datasetChannelsLoading,
    intervalMs: settings.catalogRefreshMs,
    log: (line) => io.stderr(`${line}\n`),
    agent: {
      taskNames: await starterTaskNames(settings.starterCatalog),
      citations: createFrameCitationSource(currentFrameIndex),
      answers: createFrameAnswerSource(currentFrameIndex),
      ...(languageModel
        ? {
            constraintExtractor: createModelConstraintExtractor({
              model: languageModel,
              timeoutMs: settings.languageModelTimeoutMs,
            }),
            phraser: createModelReplyPhraser({
              model: languageModel,
              timeoutMs: settings.languageModelTimeoutMs,
            }),
          }
        : {}),
    },
  });
  // The routes, Slack and MCP call whichever catalog is current when a request starts.
  const served = followServedCatalog(catalog);
  // Answer search and in-paper find for people's questions: with a remote language model, also
  // searched with a hypothetical answer (QUARRY_HYDE).
  const servedAnswers = createServedAnswerSearch({
    currentSearch: currentFrameIndex,
    settings,
    log: options.logger,
  });
  const afterIngest = frames
    ? async (paperIds: string[]) => {
        await generateQuestions({ store, generator: createRuleQuestionGenerator(), paperIds });
        await frames.addPapers(paperIds);
      }
    : undefined;
  const uploader = createPaperUploader({
    store,
    maxBytes: settings.maxUploadBytes,
    maxKeptPdfBytes: settings.maxKeptPdfBytes,
    ...(afterIngest ? { afterIngest } : {}),
  });
  const { pull } = settings;
  const addArxivPaper = async (reference: string): Promise<AddedPapers> => {
    const papers: { id: string; title: string }[] = [];
    const summary = await pullArxivPapers({
      store,
      folder: pull.folder,
      database: options.location,
      http: pull.arxivLimits,
      userAgent: `quarry/${quarryVersion} (mcp add_paper)`,
      apiUrl: pull.arxivApiUrl,
      pdfUrl: pull.arxivPdfUrl,
      requests: [{ text: reference, where: 'arxiv' }],
      batchSize: 1,
      maxPdfBytes: pull.maxFileBytes,
      maxKeptPdfBytes: settings.maxKeptPdfBytes,
      onPaperStored: async (paper) => {
        papers.push(paper);
        await afterIngest?.([paper.id]);
      },
    });
    return { papers, summary };
  };
  const arxivPapers = createArxivOnDemand({
    store,
    folder: pull.folder,
    database: options.location,
    http: pull.arxivLimits,
    userAgent: `quarry/${quarryVersion} (slack)`,
    apiUrl: pull.arxivApiUrl,
    pdfUrl: pull.arxivPdfUrl,
    batchSize: 1,
    maxPdfBytes: pull.maxFileBytes,
    maxKeptPdfBytes: settings.maxKeptPdfBytes,
    ...(afterIngest ? { afterStored: (paperId: string) => afterIngest([paperId]) } : {}),
  });
  return {
    ...served,
    embedder,
    frames,
    currentFrameIndex,
    servedAnswers,
    uploader,
    addArxivPaper,
    arxivPapers,
    stop: () => catalog.stop(),
  };
}
