/**
 * @module Ingests papers (files or folders) into the store, one transaction per paper with its
 * sections and frames: a bad file is reported and skipped, an interrupted run can simply be re-run.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { toAppError } from '@quarry/core';
import type { Store } from '@quarry/store';
import type { IngestProgressListener } from './ingest-progress.js';
import { countOutcome, emptySummary, recordError } from './ingest-summary.js';
import type { IngestSummary } from './ingest-summary.js';
import { listPaperFiles, parsePaperFile } from './parse/index.js';

export interface IngestPapersOptions {
  store: Store;
  /** Files or folders (searched recursively for .json, .pdf and .txt). */
  paths: string[];
  onProgress?: IngestProgressListener;
  /** Called after each paper is stored (inserted, updated or unchanged). */
  onPaperStored?: (paper: { id: string; title: string }) => void;
  /** Longest time parsing one PDF may take, in milliseconds (default 60 s); then it is an error. */
  pdfTimeoutMs?: number;
  /**
   * A paper whose id is already stored: `replace` it (default, re-running an import), or `keep`
   * the stored one and report the new one as a conflict (uploads never replace a paper).
   */
  existing?: 'replace' | 'keep';
}

export async function ingestPapers(options: IngestPapersOptions): Promise<IngestSummary> {
  const summary = emptySummary('papers');
  const files = await listPaperFiles(options.paths);
  let done = 0;
  for (const file of files) {
    try {
      for await (const result of parsePaperFile(
        file,
        options.pdfTimeoutMs === undefined ? {} : { pdfTimeoutMs: options.pdfTimeoutMs },
      )) {
        if (!result.ok) {
          recordError(summary, result.where, result.error.message);
          continue;
        }
        if (options.existing === 'keep' && (await options.store.papers.get(result.value.id))) {
          summary.conflicts.push(result.value.id);
          continue;
        }
        // A turn for the event loop between parsing and storing (a server ingests uploads).
        await nextTurn();
        try {
          const stored = await options.store.papers.upsert(result.value, { sourcePath: file });
          countOutcome(summary, stored.outcome);
          options.onPaperStored?.({ id: result.value.id, title: result.value.title });
          summary.frames += stored.frames;
        } catch (error) {
          const failure = toAppError(error, {
            code: 'storage_failure',
            message: 'could not store paper',
          });
          recordError(summary, result.where, failure.message);
        }
      }
    } catch (error) {
      const failure = toAppError(error, {
        code: 'invalid_input',
        message: 'could not read paper file',
      });
      recordError(summary, file, failure.message);
    }
    done += 1;
    options.onProgress?.({
      done,
      total: files.length,
      current: file,
      errors: summary.errors.length,
    });
  }
  return summary;
}
