/**
 * Papers stored before titles were made readable (a SciREX document id as title, a PDF's
 * "about:blank") get a readable title from their stored text at the next start, and nothing else
 * about them changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paper } from '@quarry/core';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { parsePaperFile } from './parse/index.js';
import { collect } from './parse/test-support/collect.js';
import { sharedDataPath } from './parse/test-support/shared-data.js';
import { repairPaperTitles } from './repair-paper-titles.js';

const runInTitleDocument = '0523e14247d74c4505cd5e32e1f0495f291ec432';
const untitledDocument = '0985497d1de3ffd11713e75289cc2ad55836623d';

async function scirexPaper(docId: string): Promise<Paper> {
  const [result] = await collect(
    parsePaperFile(sharedDataPath('scirex', 'papers', `${docId}.json`)),
  );
  if (!result?.ok) throw new Error(`could not read ${docId}`);
  return result.value;
}

describe('repairing stored paper titles', () => {
  let store: Store;

  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    // As the SciREX parser stored them before: the document id as title.
    for (const docId of [runInTitleDocument, untitledDocument]) {
      const paper = await scirexPaper(docId);
      await store.papers.upsert({ ...paper, title: docId, extra: { titleSource: 'missing' } });
    }
    const text = 'Appendix\n\nScene Text Detection with Linked Segments\n\nWe link segments.';
    await store.papers.upsert({
      id: 'printed-page',
      title: 'about:blank',
      abstract: null,
      year: null,
      authors: [],
      url: null,
      source: 'pdf',
      text,
      sections: [{ index: 0, title: 'Front matter' }],
      sentences: ['Appendix', 'Scene Text Detection with Linked Segments', 'We link segments.'].map(
        (sentence, index) => ({
          index,
          sectionIndex: 0,
          text: sentence,
          charStart: text.indexOf(sentence),
          charEnd: text.indexOf(sentence) + sentence.length,
          sourceIndex: null,
          page: 1,
        }),
      ),
      extra: {},
    });
    await store.papers.upsert({ ...(await scirexPaper(runInTitleDocument)), id: 'good-title' });
  });
  afterAll(() => store.close());

  it('retitles only the unreadable titles, keeping frames, annotations and the old title', async () => {
    const framesBefore = await store.papers.countFrames();
    const [frame] = await store.papers.frames(untitledDocument);
    await store.annotations.add({
      paperId: untitledDocument,
      question: 'What does MRC need?',
      charStart: frame?.charStart ?? 0,
      charEnd: frame?.charEnd ?? 1,
    });
    const goodBefore = await store.papers.get('good-title');

    const { checked, retitled } = await repairPaperTitles({ store, pageSize: 2 });
    expect(checked).toBe(4);
    const titles = new Map(retitled.map((paper) => [paper.id, paper.to]));
    expect(titles.size).toBe(3);
    expect(titles.get(runInTitleDocument)).toBe(
      'Factoring Variations in Natural Images with Deep Gaussian Mixture Models',
    );
    expect(titles.get(untitledDocument)).toMatch(/^Machine reading comprehension \(MRC\) .*…$/);
    expect(titles.get('printed-page')).toBe('Scene Text Detection with Linked Segments');
    const repaired = await store.papers.get(untitledDocument);
    expect(repaired?.extra).toMatchObject({
      sourceTitle: untitledDocument,
      titleSource: 'excerpt',
    });
    expect(await store.papers.countFrames()).toBe(framesBefore);
    expect(await store.annotations.list({ paperId: untitledDocument })).toHaveLength(1);
    expect(await store.papers.get('good-title')).toEqual(goodBefore);

    const again = await repairPaperTitles({ store });
    expect(again.retitled).toEqual([]);
  });
});
