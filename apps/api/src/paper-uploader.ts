/**
 * @module Adding a paper from the web app: the uploaded file (PDF, S2ORC/doc2json or QASPER JSON,
 * plain text) is written to a private temporary folder, ingested like `quarry ingest papers`, and
 * then `afterIngest` runs (the server adds the paper to its live index there), so the paper is
 * searchable when the upload request returns. A PDF or text paper's id is derived from its
 * content (`name-<hash>`): two different files never share an id, whatever their names, and the
 * same file uploaded again is a conflict (409) — a stored paper is never replaced by an upload.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { AppError, isAppError } from '@quarry/core';
import { ingestPapers } from '@quarry/ingest';
import type { IngestSummary } from '@quarry/ingest';
import { isProcessAlive } from '@quarry/store';
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

/** Characters of the content hash in an uploaded paper's id (48 bits). */
const idHashCharacters = 12;
/** Longest name part of an uploaded paper's id. */
const maxIdNameCharacters = 60;

/**
 * "My paper (v2).pdf" -> "My-paper-v2": letters and digits of any script are kept (a Chinese
 * name stays Chinese), everything else becomes a dash.
 */
export function safeNameStem(name: string): string {
  const stem = basename(name, extname(name))
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return [...stem].slice(0, maxIdNameCharacters).join('').replace(/-+$/, '') || 'paper';
}

/** The id of an uploaded PDF or text paper: its name and a hash of its bytes. */
export function contentDerivedId(file: UploadedFile): string {
  const hash = createHash('sha256').update(file.bytes).digest('hex').slice(0, idHashCharacters);
  return `${safeNameStem(file.name)}-${hash}`;
}

/** Where upload folders are made: one folder per server process, named after its pid. */
export function uploadRoot(): string {
  return join(tmpdir(), 'quarry-uploads');
}

/**
 * Removes the upload folders of processes that are no longer running (a server killed during an
 * upload leaves one behind). Returns how many were removed.
 */
export async function removeLeftoverUploads(root: string = uploadRoot()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (pid === process.pid || isProcessAlive(pid)) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** A message about the temporary copy, told in terms of the name the user uploaded. */
function withUploadedName(message: string, temporaryPath: string, name: string): string {
  return message.split(temporaryPath).join(name).split(basename(temporaryPath)).join(name);
}

export function createPaperUploader(options: {
  store: Store;
  maxBytes: number;
  /** Largest PDF kept beside its paper for the reader (QUARRY_MAX_KEPT_PDF_BYTES; default 50 MiB). */
  maxKeptPdfBytes?: number;
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
          code: 'too_large',
          message: `${file.name} is ${file.bytes.byteLength} bytes; the limit is ${options.maxBytes} (QUARRY_MAX_UPLOAD_BYTES)`,
          where: file.name,
        });
      }
      const displayName = file.name.slice(0, 200);
      const id = extension === '.json' ? null : contentDerivedId(file);
      if (id !== null) {
        const existing = await options.store.papers.get(id);
        if (existing !== null) {
          throw new AppError({
            code: 'conflict',
            message: `this file is already in Quarry as "${existing.title}" (${id}); nothing was replaced`,
            where: displayName,
          });
        }
      }
      await mkdir(uploadRoot(), { recursive: true });
      const folder = await mkdtemp(join(uploadRoot(), `${process.pid}-`));
      const path = join(folder, `${id ?? 'paper'}${extension}`);
      try {
        await writeFile(path, file.bytes);
        const papers: UploadResult['papers'] = [];
        const summary = await ingestPapers({
          store: options.store,
          paths: [path],
          existing: 'keep',
          // One paper: autovacuum keeps the statistics; an ANALYZE here would stall every request.
          analyzeAfter: false,
          ...(options.maxKeptPdfBytes === undefined
            ? {}
            : { maxKeptPdfBytes: options.maxKeptPdfBytes }),
          onPaperStored: (paper) => papers.push(paper),
        });
        for (const error of summary.errors) {
          error.where = withUploadedName(error.where, path, displayName);
          error.message = withUploadedName(error.message, path, displayName);
        }
        if (papers.length === 0 && summary.conflicts.length > 0) {
          throw new AppError({
            code: 'conflict',
            message: `a paper with the id ${summary.conflicts.join(', ')} is already in Quarry; nothing was replaced`,
            fix: 'delete the stored paper first, or give the new one another paper_id',
            where: displayName,
          });
        }
        if (papers.length === 0) {
          const first = summary.errors[0];
          throw new AppError({
            code: 'invalid_input',
            message: `no paper could be read from this file${first ? `: ${first.message}` : ''}`,
            where: displayName,
          });
        }
        await options.afterIngest?.(papers.map((paper) => paper.id));
        return { papers, summary };
      } catch (error) {
        // An error thrown while reading the copy names the file the user uploaded, not the copy.
        if (isAppError(error)) error.message = withUploadedName(error.message, path, displayName);
        throw error;
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
