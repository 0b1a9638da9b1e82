/**
 * @module GET /api/papers/:id (the paper with its sections and its sentences, each with its frame
 * id and character offsets into the paper's text) and GET /api/papers/:id/find (natural-language
 * or text Ctrl+F inside the paper), GET /api/papers (the library: a page of papers, optionally
 * those whose title contains `q`), POST /api/papers (upload one file as multipart field `file`;
 * served when the server has an uploader) and DELETE /api/papers/:id (the paper with its frames,
 * questions, annotations and vectors, and out of the live answer index). The paper says whether
 * its PDF was kept (`pdf`), served by paper-pdf-route.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '@quarry/core';
import { findModes } from '@quarry/frames';
import type { Store } from '@quarry/store';
import { createConcurrencyGate } from '../edge/request-limits.js';
import type { PaperUploader } from '../paper-uploader.js';
import { paperPdfPath } from './paper-pdf-route.js';
import { paperTables } from './paper-tables.js';
import { requireAnswerIndex, validQuery } from './request-validation.js';
import type { AnswerIndexSource } from './request-validation.js';

export interface PaperRouteDependencies {
  store: Store;
  answers?: AnswerIndexSource;
  uploader?: PaperUploader;
  /** Uploads being ingested at once; more get 429 with Retry-After. */
  maxConcurrentUploads: number;
  /** Most papers one page of GET /api/papers may list. */
  maxPapersPerPage: number;
  /** Runs after a paper is deleted from the store (the server drops it from its live index). */
  afterDelete?: (paperId: string) => Promise<void>;
}

/** Seconds a client waits before trying an upload again when all slots are taken. */
const uploadRetryAfterSeconds = 5;

const maxQueryCharacters = 1000;
const maxLimit = 500;
/** Papers on one page of the library when the client does not say. */
const defaultPapersPerPage = 50;
/** Longest title search. */
const maxTitleSearchCharacters = 200;

function listQuery(maxPapersPerPage: number) {
  return z.object({
    q: z.string().trim().max(maxTitleSearchCharacters).default(''),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(maxPapersPerPage)
      .default(Math.min(defaultPapersPerPage, maxPapersPerPage)),
    offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  });
}

const findQuery = z.object({
  q: z.string().min(1, 'type a question or the text to find').max(maxQueryCharacters),
  mode: z.enum(findModes).default('question'),
  limit: z.coerce.number().int().min(1).max(maxLimit).optional(),
  /** Text mode: `true` for an exact-case match. */
  case: z.enum(['true', 'false']).default('false'),
});

export function paperRoutes(deps: PaperRouteDependencies): Hono {
  const routes = new Hono();

  const papersPage = listQuery(deps.maxPapersPerPage);
  routes.get('/api/papers', async (context) => {
    const query = validQuery(context, papersPage);
    const filter = { titleContains: query.q };
    const [papers, total] = await Promise.all([
      deps.store.papers.list({ ...filter, limit: query.limit, offset: query.offset }),
      deps.store.papers.count(filter),
    ]);
    return context.json({ total, offset: query.offset, limit: query.limit, papers });
  });

  routes.delete('/api/papers/:id', async (context) => {
    const id = context.req.param('id');
    const paper = await deps.store.papers.get(id);
    if (paper === null || !(await deps.store.papers.remove(id))) {
      throw new AppError({ code: 'not_found', message: 'no such paper', where: `paper ${id}` });
    }
    await deps.afterDelete?.(id);
    return context.json({ deleted: { id, title: paper.title } });
  });

  const uploader = deps.uploader;
  if (uploader) {
    const uploads = createConcurrencyGate({
      limit: deps.maxConcurrentUploads,
      retryAfterSeconds: uploadRetryAfterSeconds,
      what: 'uploads',
    });
    routes.post('/api/papers', (context) =>
      uploads.run(async () => {
        const body: Record<string, unknown> = await context.req.parseBody().catch(() => ({}));
        const file = body['file'];
        if (!(file instanceof File)) {
          throw new AppError({
            code: 'invalid_input',
            message: 'send the paper as multipart form field "file"',
            where: 'file',
          });
        }
        if (file.size > uploader.maxBytes) {
          throw new AppError({
            code: 'too_large',
            message: `${file.name.slice(0, 200)} is ${file.size} bytes; the limit is ${uploader.maxBytes} (QUARRY_MAX_UPLOAD_BYTES)`,
            where: 'file',
          });
        }
        const result = await uploader.upload({
          name: file.name,
          bytes: new Uint8Array(await file.arrayBuffer()),
        });
        return context.json(result, 201);
      }),
    );
  }

  routes.get('/api/papers/:id', async (context) => {
    const id = context.req.param('id');
    const paper = await deps.store.papers.get(id);
    if (paper === null) {
      throw new AppError({ code: 'not_found', message: 'no such paper', where: `paper ${id}` });
    }
    const [frames, pdf] = await Promise.all([
      deps.store.papers.frames(id),
      deps.store.originalFiles.infoOfPaper(id),
    ]);
    return context.json({
      id: paper.id,
      title: paper.title,
      abstract: paper.abstract,
      year: paper.year,
      authors: paper.authors,
      url: paper.url,
      source: paper.source,
      text: paper.text,
      sections: paper.sections,
      // A PDF's tables, shown as tables and their rows marked on the page (paper-tables.ts).
      tables: paperTables(paper.extra),
      // The original PDF, when one was kept: the reader shows it as printed.
      pdf: pdf === null ? null : { url: paperPdfPath(id), byteSize: pdf.byteSize },
      sentences: frames.map((frame) => ({
        id: frame.id,
        index: frame.sentenceIndex,
        sectionIndex: frame.sectionIndex,
        sourceIndex: frame.sourceIndex,
        text: frame.text,
        charStart: frame.charStart,
        charEnd: frame.charEnd,
        page: frame.page,
      })),
    });
  });

  routes.get('/api/papers/:id/find', async (context) => {
    const query = validQuery(context, findQuery);
    const index = requireAnswerIndex(deps.answers);
    const result = await index.findInPaper({
      paperId: context.req.param('id'),
      query: query.q,
      mode: query.mode,
      caseSensitive: query.case === 'true',
      ...(query.limit === undefined ? {} : { limit: query.limit }),
    });
    return context.json(result);
  });

  return routes;
}
