import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createHashingEmbedder } from '@quarry/testing';
import { findInPaper } from './find-in-paper.js';
import { loadFrameIndex } from './load-frame-index.js';
import { paperOf } from './test-support/paper-of-sections.js';

const row = (label: string, auprc: string) =>
  `Table 2: Results on NELL165 · ${label} · AUPRC ${auprc} · F1 0.70`;

describe('in-paper search reads a table for the row a question asks for', () => {
  let store: Store;
  const best = row('HolE', '0.891');
  const paper = paperOf('tables-paper', [
    { title: '1 Introduction', text: 'We compare graph embeddings on a noisy benchmark.' },
    { title: 'Table 2', kind: 'table', text: row('Method A', '0.702') },
    { title: 'Table 2', kind: 'table', text: row('Method B', '0.733') },
    { title: 'Table 2', kind: 'table', text: best },
  ]);

  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    await store.papers.upsert(paper);
  });
  afterAll(async () => {
    await store.close();
  });

  async function ask(query: string, tableCellWeight?: number) {
    const { index } = await loadFrameIndex({
      store,
      embedder: createHashingEmbedder(),
      settings: tableCellWeight === undefined ? {} : { tableCellWeight },
    });
    return findInPaper({ index, paperId: paper.id, query, mode: 'question', limit: 4 });
  }

  it("puts first the row that holds the column's extreme, which no word of the question names", async () => {
    const question = 'Which method gets the highest AUPRC on NELL165?';
    // Without the cell match the rows that say "method" come first.
    expect((await ask(question, 0)).hits[0]?.text).not.toBe(best);
    expect((await ask(question)).hits[0]?.text).toBe(best);
  });
});
