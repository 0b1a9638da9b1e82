/**
 * @module `quarry index`: prepares the answer index in the database: fills the frames' question
 * sets with the rule-based generator, then embeds every frame (answer vector h_a) and question
 * that has no vector of the model yet (every one with --reembed), so `serve` only loads them. On
 * PostgreSQL it also writes the search rows, in batches of papers (index-postgres-search.ts).
 */
import { AppError } from '@quarry/core';
import {
  createRuleQuestionGenerator,
  generateQuestions,
  loadFrameIndex,
  papersMissingFromSearch,
} from '@quarry/frames';
import { openStore } from '@quarry/store';
import { printJsonLine } from '../command.js';
import type { Command } from '../command.js';
import { databaseOption, jsonOption, parseCommandArgs } from '../parse-command-args.js';
import { findRunningServer } from '../serve/running-server-record.js';
import { loadEvalEmbedder } from './eval-embedder.js';
import { indexPostgresSearch } from './index-postgres-search.js';

const usage =
  'quarry index [--db DIR|URL] [--model M] [--questions rule|none] [--reembed] [--drop-other-models] [--shared] [--json]';

export const indexCommand: Command = {
  usage,
  summary: 'generate questions and embed frames for answer search (run after ingesting papers)',
  async run(context) {
    const { values } = parseCommandArgs({
      args: context.args,
      usage,
      options: {
        ...databaseOption,
        ...jsonOption,
        model: { type: 'string' },
        questions: { type: 'string', default: 'rule' },
        reembed: { type: 'boolean', default: false },
        'drop-other-models': { type: 'boolean', default: false },
        shared: { type: 'boolean', default: false },
      },
    });
    if (values.questions !== 'rule' && values.questions !== 'none') {
      throw new AppError({
        code: 'invalid_input',
        message: `--questions must be rule or none, got "${values.questions}"`,
        fix: `usage: ${usage}`,
      });
    }
    const database = values.db ?? context.settings.database;
    const server = findRunningServer(database);
    if (server !== null) {
      throw new AppError({
        code: 'storage_failure',
        message:
          `the embedded database folder ${database} is in use by the Quarry server at ${server.url} (process ${server.pid}); ` +
          'papers uploaded or ingested while it runs (npx quarry ingest papers PATH…) are indexed already, so there is nothing to do for them',
        fix: 'to re-embed with another model: stop the server (Ctrl+C in its terminal), run this command again, then start the server again (npm start)',
      });
    }
    const embedder = await loadEvalEmbedder({
      spec: values.model ?? context.settings.model,
      explicit: true,
      settings: context.settings,
      io: context.io,
    });
    if (embedder === null) {
      throw new AppError({
        code: 'invalid_input',
        message: 'indexing needs an embedding model',
        fix: 'pass --model',
      });
    }
    const store = await openStore({
      location: database,
      connection: context.settings.databaseConnection,
    });
    try {
      const generated =
        values.questions === 'rule'
          ? await generateQuestions({ store, generator: createRuleQuestionGenerator() })
          : { papers: 0, frames: 0, questions: 0 };
      context.io.stderr(
        `${generated.questions} new rule questions over ${generated.frames} frames\n`,
      );
      // Other models' vectors go only once every vector of this model is stored: an interrupted
      // reindex leaves the old vectors for the server to answer with, and a rerun embeds only what
      // is still missing.
      const dropOtherModels = async () => {
        if (!values['drop-other-models']) return;
        if (store.client.kind === 'postgres') {
          // Other processes (--shared) may still be embedding: drop only when nothing is left.
          const left = await papersMissingFromSearch(store, embedder.modelId);
          if (left.length > 0) {
            context.io.stderr(
              `${left.length} papers still lack vectors of ${embedder.modelId} (another process is indexing them); other models' vectors are kept until a run finds none\n`,
            );
            return;
          }
        }
        const removed = await store.vectors.removeOtherModels(embedder.modelId);
        context.io.stderr(`removed ${removed} vectors of other models\n`);
      };
      if (store.client.kind === 'postgres') {
        await indexPostgresSearch({
          context,
          store,
          embedder,
          reembed: values.reembed,
          shared: values.shared,
          json: values.json,
          generatedQuestions: generated.questions,
        });
        await dropOtherModels();
        return 0;
      }
      const { stats } = await loadFrameIndex({
        store,
        embedder,
        embed: values.reembed ? 'all' : 'missing',
        onProgress: (progress) => {
          if (progress.phase === 'embedding-frames' || progress.phase === 'embedding-questions') {
            context.io.stderr(`${progress.phase} ${progress.done}/${progress.total}\n`);
          }
        },
      });
      await dropOtherModels();
      context.io.stderr(
        `${stats.frames} frames (${stats.embeddedFrames} embedded, ${Math.round(stats.framesPerSecond)} frames/s), ` +
          `${stats.questions} questions (${stats.embeddedQuestions} embedded) in ${stats.totalSeconds.toFixed(1)} s\n`,
      );
      if (values.json) {
        printJsonLine(context.io, {
          frames: stats.frames,
          embedded_frames: stats.embeddedFrames,
          questions: stats.questions,
          embedded_questions: stats.embeddedQuestions,
          generated_questions: generated.questions,
          frames_per_s: Math.round(stats.framesPerSecond),
          seconds: Math.round(stats.totalSeconds * 10) / 10,
          model: embedder.modelId,
        });
      }
      return 0;
    } finally {
      await store.close();
    }
  },
};

/**
 * `quarry reindex`: after a model change, embed every frame and question that has no vector of the
 * current model, then remove other models' vectors. Resumable: vectors are stored batch by batch,
 * so after Ctrl+C or kill -9 a rerun embeds only what is still missing; the old model's vectors
 * stay until the end, so a server keeps answering with them meanwhile.
 */
export const reindexCommand: Command = {
  usage: 'quarry reindex [--db DIR|URL] [--model M] [--json]',
  summary:
    "embed every frame and question with the current model (resumable), then remove other models' vectors",
  run: (context) =>
    indexCommand.run({ ...context, args: [...context.args, '--drop-other-models'] }),
};
