/**
 * @module Makes each pulled paper searchable at once, as an upload to the server is: its frames get
 * rule-generated questions, then its frames and questions are embedded and their vectors stored
 * (on PostgreSQL, its search rows are written too), so no separate `quarry index` is needed. The
 * model loads on the first paper, not before (a pull of papers already stored loads none).
 */
import type { Embedder } from '@quarry/core';
import {
  createRuleQuestionGenerator,
  generateQuestions,
  indexForPostgresSearch,
  loadPaperFrames,
  resolveFrameIndexSettings,
} from '@quarry/frames';
import type { Store } from '@quarry/store';
import type { CliIo } from '../cli-io.js';
import { loadConfiguredEmbedder } from '../load-configured-embedder.js';
import type { Settings } from '../settings.js';

export interface PaperIndexStats {
  papers: number;
  questions: number;
  embeddedFrames: number;
  embeddedQuestions: number;
}

export interface PullPaperIndexer {
  index(paperId: string): Promise<void>;
  readonly stats: PaperIndexStats;
}

export function createPullPaperIndexer(options: {
  store: Store;
  settings: Settings;
  io: CliIo;
  /** Overrides QUARRY_MODEL. */
  model: string | undefined;
}): PullPaperIndexer {
  const { store } = options;
  const stats: PaperIndexStats = {
    papers: 0,
    questions: 0,
    embeddedFrames: 0,
    embeddedQuestions: 0,
  };
  let embedder: Promise<Embedder> | null = null;
  const loadEmbedder = () => {
    embedder ??= loadConfiguredEmbedder({
      settings: options.settings,
      io: options.io,
      model: options.model,
    }).then(({ embedder: loaded }) => {
      options.io.stderr(`model: ${loaded.modelId}\n`);
      return loaded;
    });
    return embedder;
  };
  const frameSettings = resolveFrameIndexSettings();
  return {
    stats,
    async index(paperId) {
      const generated = await generateQuestions({
        store,
        generator: createRuleQuestionGenerator(),
        paperIds: [paperId],
      });
      const model = await loadEmbedder();
      if (store.client.kind === 'postgres') {
        const written = await indexForPostgresSearch({
          store,
          embedder: model,
          settings: frameSettings,
          paperIds: [paperId],
          batchPapers: 1,
        });
        stats.embeddedFrames += written.embeddedFrames;
        stats.embeddedQuestions += written.embeddedQuestions;
      } else {
        const loaded = await loadPaperFrames({
          store,
          embedder: model,
          settings: frameSettings,
          paperIds: [paperId],
        });
        stats.embeddedFrames += loaded.embeddedFrames;
        stats.embeddedQuestions += loaded.embeddedQuestions;
      }
      stats.papers += 1;
      stats.questions += generated.questions;
    },
  };
}
