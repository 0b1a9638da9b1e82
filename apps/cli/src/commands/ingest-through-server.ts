/**
 * @module `quarry ingest papers` while `quarry serve` holds the embedded folder: each paper file
 * goes through the running server's upload API (POST /api/papers, with the API token), which
 * stores it and adds it to the live answer index, so it is searchable when its upload returns —
 * no second process ever opens the folder, and the server is never restarted. A paper already
 * there is kept (409 counts as unchanged); a busy server (429) is waited out.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@quarry/core';
import { emptySummary, listPaperFiles } from '@quarry/ingest';
import type { IngestProgressListener, IngestSummary } from '@quarry/ingest';

/** File types the upload API reads (a JSON Lines file of many papers is not one of them). */
const uploadableExtensions = new Set(['.pdf', '.json', '.txt']);

export interface ServerIngestSettings {
  /** Tries of one file while the server answers 429 (all upload slots busy). */
  maxBusyRetries: number;
  /** Longest wait before trying again, in seconds, whatever Retry-After says. */
  maxRetryWaitSeconds: number;
}

export const defaultServerIngestSettings: ServerIngestSettings = {
  maxBusyRetries: 20,
  maxRetryWaitSeconds: 30,
};

interface UploadAnswer {
  papers?: { id: string; title: string }[];
  summary?: { frames?: number };
  error?: { message?: string; code?: string };
}

async function send(options: {
  url: string;
  token: string;
  path: string;
}): Promise<{ status: number; body: UploadAnswer; retryAfterSeconds: number }> {
  const bytes = await readFile(options.path);
  const form = new FormData();
  form.append('file', new Blob([bytes]), basename(options.path));
  let response: Response;
  try {
    response = await fetch(`${options.url}/api/papers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}` },
      body: form,
    });
  } catch (error) {
    throw new AppError({
      code: 'storage_failure',
      message: `cannot reach the running Quarry server at ${options.url}`,
      fix: 'check that quarry serve is still running, or stop it and ingest directly',
      cause: error,
    });
  }
  const body = (await response.json().catch(() => ({}))) as UploadAnswer;
  return {
    status: response.status,
    body,
    retryAfterSeconds: Number(response.headers.get('retry-after') ?? 1) || 1,
  };
}

export async function ingestThroughServer(options: {
  url: string;
  token: string;
  paths: string[];
  onProgress?: IngestProgressListener;
  /** Papers stored (and searchable). */
  onPaperStored?: (paper: { id: string; title: string }) => void;
  settings?: ServerIngestSettings;
}): Promise<IngestSummary> {
  const settings = options.settings ?? defaultServerIngestSettings;
  const summary = emptySummary('papers');
  const files = await listPaperFiles(options.paths);
  let done = 0;
  for (const path of files) {
    const extension = extname(path).toLowerCase();
    if (!uploadableExtensions.has(extension)) {
      summary.errors.push({
        where: path,
        message: `a running server takes .pdf, .json and .txt files, not ${extension || 'this file'}`,
      });
    } else if ((await stat(path)).size === 0) {
      summary.errors.push({ where: path, message: 'the file is empty' });
    } else {
      for (let attempt = 0; ; attempt += 1) {
        const answer = await send({ url: options.url, token: options.token, path });
        if (answer.status === 429 && attempt < settings.maxBusyRetries) {
          await sleep(Math.min(answer.retryAfterSeconds, settings.maxRetryWaitSeconds) * 1000);
          continue;
        }
        if (answer.status === 401) {
          throw new AppError({
            code: 'unauthorized',
            message: `the running server at ${options.url} refused the API token`,
            fix: 'set QUARRY_API_TOKEN to the token the server uses (its .quarry/api-token file)',
          });
        }
        if (answer.status === 201) {
          for (const paper of answer.body.papers ?? []) {
            summary.records += 1;
            summary.inserted += 1;
            options.onPaperStored?.(paper);
          }
          summary.frames += answer.body.summary?.frames ?? 0;
        } else if (answer.status === 409) {
          summary.records += 1;
          summary.unchanged += 1;
        } else {
          summary.errors.push({
            where: path,
            message: answer.body.error?.message ?? `the server answered ${answer.status}`,
          });
        }
        break;
      }
    }
    done += 1;
    options.onProgress?.({
      done,
      total: files.length,
      current: path,
      errors: summary.errors.length,
    });
  }
  return summary;
}
