/**
 * @module Adding a paper from the web app: the uploaded file (PDF, S2ORC/doc2json or QASPER JSON,
 * plain text) is written to a private temporary folder under a safe name, ingested like
 * `quarry ingest papers`, and then `afterIngest` runs (the server reloads its frame index there), so
 * the paper is searchable when the upload request returns.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { AppError } from '@quarry/core';
import { ingestPapers } from '@quarry/ingest';
import type { IngestSummary } from '@quarry/ingest';
import type { Store } from '@quarry/store';

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface UploadResult {
  papers: { id: string; title: string }[];
  summary: IngestSummary;
}

export interface PaperUploader {
  /** Largest accepted file, in bytes. */
  readonly maxBytes: number;
  upload(file: UploadedFile): Promise<UploadResult>;
}

export const uploadExtensions = ['.pdf', '.json', '.txt'] as const;

/** "My paper (v2).pdf" -> "My-paper-v2.pdf": the paper id of a PDF or text file is its stem. */
export function safeFileName(name: string): string {
  const extension = extname(name).toLowerCase();
  const stem = name
    .slice(0, name.length - extname(name).length)
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 120);
  return `${stem || 'paper'}${extension}`;
}

export function createPaperUploader(options: {
  store: Store;
  maxBytes: number;
  /** Runs after the papers are stored (e.g. generate their questions, reload the frame index). */
  afterIngest?: (paperIds: string[]) => Promise<void>;
}): PaperUploader {
  return {
    maxBytes: options.maxBytes,
    async upload(file) {
      const extension = extname(file.name).toLowerCase();
      if (!(uploadExtensions as readonly string[]).includes(extension)) {
        throw new AppError({
          code: 'unsupported',
          message: `cannot read ${file.name}: upload a PDF, an S2ORC/doc2json or QASPER JSON file, or plain text`,
          where: file.name,
        });
      }
      if (file.bytes.byteLength === 0) {
        throw new AppError({
          code: 'invalid_input',
          message: `${file.name} is empty`,
          where: file.name,
        });
      }
      if (file.bytes.byteLength > options.maxBytes) {
        throw new AppError({
          code: 'invalid_input',
          message: `${file.name} is ${file.bytes.byteLength} bytes; the limit is ${options.maxBytes} (QUARRY_MAX_UPLOAD_BYTES)`,
          where: file.name,
        });
      }
      const folder = await mkdtemp(join(tmpdir(), 'quarry-upload-'));
      try {
        const path = join(folder, safeFileName(file.name));
        await writeFile(path, file.bytes);
        const papers: UploadResult['papers'] = [];
        const summary = await ingestPapers({
          store: options.store,
          paths: [path],
          onPaperStored: (paper) => papers.push(paper),
        });
        if (papers.length === 0) {
          const first = summary.errors[0];
          throw new AppError({
            code: 'invalid_input',
            message: `no paper could be read from ${file.name}${first ? `: ${first.message}` : ''}`,
            where: file.name,
          });
        }
        await options.afterIngest?.(papers.map((paper) => paper.id));
        return { papers, summary };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
