import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { AppError } from '@quarry/core';
import { buildMinimalPdf } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePaperFile } from './paper-file.js';
import { paperFromPdfBytes } from './pdf-paper.js';
import { extractPdfText } from './pdf-text-extraction.js';
import { collect } from './test-support/collect.js';
import { fixturePath } from './test-support/shared-data.js';

let temporaryFolder: string;
beforeAll(async () => {
  temporaryFolder = await mkdtemp(join(tmpdir(), 'quarry-pdf-worker-'));
});
afterAll(async () => {
  await rm(temporaryFolder, { recursive: true, force: true });
});

const longPdf = buildMinimalPdf({
  title: 'A Long Paper',
  pages: Array.from({ length: 120 }, (_, page) =>
    Array.from(
      { length: 40 },
      (_, line) => `Page ${page + 1} line ${line + 1} reports an F1 of ${line}.${page} on the set.`,
    ),
  ),
});

describe('PDF parsing in a worker thread', () => {
  it('returns every page’s positioned text and the metadata', async () => {
    const extracted = await extractPdfText({ bytes: longPdf, where: 'long.pdf' });
    expect(extracted.pageCount).toBe(120);
    expect(extracted.metadataInfo.Title).toBe('A Long Paper');
    expect(extracted.pages).toHaveLength(120);
    expect(extracted.pages[119]?.some((item) => item.str.includes('Page 120 line 40'))).toBe(true);
  });

  it('leaves the caller’s bytes usable (the worker gets a copy)', async () => {
    const bytes = new Uint8Array(longPdf);
    await extractPdfText({ bytes, where: 'long.pdf' });
    expect(bytes.byteLength).toBe(longPdf.byteLength);
  });

  it('keeps the main thread free while a long PDF is parsed', async () => {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const paper = await paperFromPdfBytes(longPdf, { id: 'long', where: 'long.pdf' });
    delay.disable();
    expect(paper.sentences.length).toBeGreaterThanOrEqual(120 * 40);
    // Parsing takes far longer than this; only the layout of the text runs on this thread.
    expect(delay.max / 1e6).toBeLessThan(250);
  });

  it('runs concurrent jobs one at a time, each to its own result', async () => {
    const titles = ['First', 'Second', 'Third'];
    const papers = await Promise.all(
      titles.map((title) =>
        paperFromPdfBytes(buildMinimalPdf({ title, pages: [[title, 'Some text here.']] }), {
          id: title,
          where: `${title}.pdf`,
        }),
      ),
    );
    expect(papers.map((paper) => paper.title)).toEqual(titles);
  });

  it('stops a job that runs past its time limit and names the file', async () => {
    const failure = await extractPdfText({ bytes: longPdf, where: 'slow.pdf', timeoutMs: 1 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'invalid_input', where: 'slow.pdf' });
    expect((failure as AppError).message).toMatch(/took longer than 1 ms and was stopped/);
    // The queue goes on after a stopped job.
    const next = await extractPdfText({ bytes: longPdf, where: 'long.pdf' });
    expect(next.pageCount).toBe(120);
  });

  it('reports a timed-out file as one failed result of parsePaperFile', async () => {
    const path = join(temporaryFolder, 'slow.pdf');
    await writeFile(path, longPdf);
    const [result, ...rest] = await collect(parsePaperFile(path, { pdfTimeoutMs: 1 }));
    expect(rest).toEqual([]);
    expect(result?.ok).toBe(false);
    if (result?.ok !== false) return;
    expect(result.where).toBe(path);
    expect(result.error.message).toContain(path);
    expect(result.error.message).toMatch(/took longer than/);
  });

  it('reports a corrupt PDF from the worker as an unreadable PDF', async () => {
    const bytes = await readFile(fixturePath('corrupt.pdf'));
    await expect(paperFromPdfBytes(bytes, { id: 'corrupt', where: 'corrupt.pdf' })).rejects.toThrow(
      /unreadable PDF/,
    );
  });
});
