import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '@quarry/core';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { paperFrom } from '@quarry/testing';
import { createLocalServices } from './local-services.js';
import type { QuarryMcpServices } from './quarry-services.js';
import { getPaperOutput } from './tool-contracts.js';
import { createWebLinks } from './web-links.js';

const sentences = (section: string, count: number) =>
  Array.from(
    { length: count },
    (_, position) => `In ${section} we state finding number ${position + 1} about tidal flats.`,
  );

async function failure(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('the local MCP services', () => {
  let store: Store;
  let services: QuarryMcpServices;
  const uploads: { name: string; bytes: Uint8Array }[] = [];

  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    await store.papers.upsert(
      paperFrom({
        id: 'tidal-flats',
        title: 'Counting Birds on Tidal Flats',
        year: 2020,
        sections: [
          { title: 'Introduction', sentences: sentences('the introduction', 12) },
          { title: 'Method', sentences: sentences('the method', 12) },
        ],
      }),
    );
    services = createLocalServices({
      store,
      agent: () => {
        throw new Error('not used');
      },
      answers: () => null,
      uploadPaper: (file) => {
        uploads.push(file);
        return Promise.resolve({
          papers: [{ id: 'new-paper', title: 'New' }],
          summary: { frames: 3, errors: [] },
        });
      },
      links: createWebLinks('https://quarry.example.org/'),
      pageCharacters: 300,
      maxConversationMessages: 100,
      maxUploadBytes: 1000,
    });
  });
  afterAll(async () => {
    await store.close();
  });

  it('pages a paper’s text at sentence ends, each page within the bound and titled', async () => {
    const first = await services.getPaper({ id: 'tidal-flats', page: 1 });
    expect(first.link).toBe('https://quarry.example.org/papers/tidal-flats');
    expect(first.sections.map((section) => section.title)).toEqual(['Introduction', 'Method']);
    const texts: string[] = [];
    for (let page = 1; page <= first.page.pages; page += 1) {
      const shown = await services.getPaper({ id: 'tidal-flats', page });
      expect(shown.page.text.length).toBeLessThanOrEqual(300);
      expect(shown.page.text.startsWith('## ')).toBe(true);
      texts.push(shown.page.text);
    }
    const numbers = texts.join('\n').match(/\[s(\d+)\]/g) ?? [];
    expect(numbers).toEqual(Array.from({ length: 24 }, (_, index) => `[s${index}]`));
    expect(await failure(services.getPaper({ id: 'tidal-flats', page: 99 }))).toBe('invalid_input');
  });

  it('leaves out what it does not know, as the output schema says, instead of null', async () => {
    const paper = await services.getPaper({ id: 'tidal-flats', page: 1 });
    expect(getPaperOutput.safeParse(paper).success).toBe(true);
    const sent = JSON.parse(JSON.stringify(paper)) as Record<string, unknown>;
    // The sample paper has a year but no abstract and no address; the page is of the whole paper.
    expect(sent.year).toBe(2020);
    expect(Object.keys(sent)).not.toContain('abstract');
    expect(Object.keys(sent)).not.toContain('url');
    expect(Object.keys(sent.page as object)).not.toContain('section');
    expect(JSON.stringify(paper)).not.toContain('null');
  });

  it('reads one section, and says which sections exist', async () => {
    const method = await services.getPaper({ id: 'tidal-flats', section: 1, page: 1 });
    expect(method.page.section).toBe(1);
    expect(method.page.text).toContain('## Method');
    expect(method.page.text).not.toContain('the introduction');
    expect(await failure(services.getPaper({ id: 'tidal-flats', section: 5, page: 1 }))).toBe(
      'invalid_input',
    );
    expect(await failure(services.getPaper({ id: 'nothing', page: 1 }))).toBe('not_found');
  });

  it('lists papers by title with links', async () => {
    const listed = await services.listPapers({ title: 'tidal', offset: 0, limit: 10 });
    expect(listed.total).toBe(1);
    expect(listed.papers[0]).toMatchObject({
      id: 'tidal-flats',
      sentences: 24,
      link: 'https://quarry.example.org/papers/tidal-flats',
    });
  });

  it('adds a paper from base64 bytes, and refuses unreadable or missing input', async () => {
    const added = await services.addPaper({
      file: { name: 'new.txt', base64: Buffer.from('A title\n\nA sentence.').toString('base64') },
    });
    expect(added.papers).toEqual([
      { id: 'new-paper', title: 'New', link: 'https://quarry.example.org/papers/new-paper' },
    ]);
    expect(Buffer.from(uploads[0]?.bytes ?? []).toString()).toBe('A title\n\nA sentence.');
    expect(await failure(services.addPaper({}))).toBe('invalid_input');
    expect(
      await failure(services.addPaper({ file: { name: 'x.txt', base64: 'not base64 at all!' } })),
    ).toBe('invalid_input');
    expect(
      await failure(
        services.addPaper({
          file: { name: 'x.txt', base64: Buffer.alloc(2000).toString('base64') },
        }),
      ),
    ).toBe('too_large');
    expect(await failure(services.addPaper({ arxiv: '2104.08663' }))).toBe('unsupported');
  });

  it('needs the answer index for answers and in-paper search', async () => {
    expect(await failure(services.searchAnswers({ question: 'how many birds?', limit: 5 }))).toBe(
      'model_failure',
    );
  });
});
