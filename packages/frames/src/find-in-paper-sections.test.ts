import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createHashingEmbedder } from '@quarry/testing';
import { findInPaper } from './find-in-paper.js';
import { loadFrameIndex } from './load-frame-index.js';
import { paperOf } from './test-support/paper-of-sections.js';

const limitationsInRelatedWork =
  'Earlier taggers have one limitation: they cannot read long documents.';
const ownLimitation = 'Our tagger still cannot read documents longer than a page.';
const caption = 'Figure 2: The datasets we tested the tagger on, by size.';
const datasets = 'We ran the tagger on three corpora: PubMed, arXiv and ACL.';

describe('in-paper search prefers the paper’s own sections for questions about its own work', () => {
  let store: Store;
  const paper = paperOf('sections-paper', [
    { title: '1 Introduction', text: 'Taggers label every word of a document with its role.' },
    { title: '2 Related Work', text: limitationsInRelatedWork },
    { title: 'Figure 2', kind: 'caption', text: caption },
    { title: '4 Experiments', text: datasets },
    { title: '6 Limitations', text: ownLimitation },
  ]);

  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    await store.papers.upsert(paper);
  });
  afterAll(async () => {
    await store.close();
  });

  async function ask(query: string, sectionPreferenceWeight: number) {
    const { index } = await loadFrameIndex({
      store,
      embedder: createHashingEmbedder(),
      settings: { sectionPreferenceWeight },
    });
    return findInPaper({ index, paperId: paper.id, query, mode: 'question', limit: 5 });
  }

  it('carries each hit’s section kind and role, stored with the paper', async () => {
    const result = await ask('What are the limitations?', 0);
    const byText = new Map(result.hits.map((hit) => [hit.text, hit]));
    expect(byText.get(limitationsInRelatedWork)).toMatchObject({
      sectionKind: 'body',
      sectionRole: 'related-work',
    });
    expect(byText.get(ownLimitation)).toMatchObject({
      sectionKind: 'body',
      sectionRole: 'limitations',
    });
    expect(byText.get(caption)).toMatchObject({ sectionKind: 'caption' });
  });

  it('ranks the own limitation above related work, and the body above a caption', async () => {
    const weight = 1;
    const limitations = await ask('What are the limitations?', weight);
    const rankOf = (hits: { text: string }[], text: string) =>
      hits.findIndex((hit) => hit.text === text);
    expect(rankOf(limitations.hits, ownLimitation)).toBeLessThan(
      rankOf(limitations.hits, limitationsInRelatedWork),
    );
    // A caption weighs a quarter of related work: the same push takes four times the weight.
    const tested = await ask('Which datasets did they test the tagger on?', 4 * weight);
    expect(rankOf(tested.hits, datasets)).toBeLessThan(rankOf(tested.hits, caption));
    // A question naming the figure keeps its caption where its score puts it.
    const figure = await ask('Which datasets does Figure 2 show?', weight);
    const unpreferred = await ask('Which datasets does Figure 2 show?', 0);
    expect(rankOf(figure.hits, caption)).toBe(rankOf(unpreferred.hits, caption));
  });
});
