import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuarryAnswerRetriever } from './answer-retriever.js';
import { createQuarryFixture } from './test-support/quarry-fixture.js';
import type { QuarryFixture } from './test-support/quarry-fixture.js';
import { readerPaper, streetScenesPaper as segmentationPaper } from '@quarry/testing';

describe('QuarryAnswerRetriever', () => {
  let fixture: QuarryFixture;
  beforeAll(async () => {
    fixture = await createQuarryFixture();
  });
  afterAll(async () => {
    await fixture.close();
  });

  it('returns the answering sentence first, verbatim, with where it is', async () => {
    const retriever = new QuarryAnswerRetriever({ frameIndex: fixture.frameIndex, k: 3 });
    const documents = await retriever.invoke('What batch size is used?');
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.length).toBeLessThanOrEqual(3);
    const [top] = documents;
    const sentence = 'We fine-tune the reader with Adam and a batch size of 32 for three epochs.';
    expect(top?.pageContent).toBe(sentence);
    expect(top?.metadata).toMatchObject({
      paperId: 'paper-reader',
      paperTitle: 'A Reader for Open-Domain Questions',
      sentenceIndex: 2,
      section: 'Experiments',
      sectionIndex: 1,
      contextBefore: '',
      contextAfter: 'A limitation of the reader is its quadratic memory in the passage length.',
      page: null,
    });
    expect(top?.id).toBe(top?.metadata.sentenceId);
    expect(readerPaper.text.slice(top?.metadata.charStart, top?.metadata.charEnd)).toBe(sentence);
    expect(top?.metadata.score).toBeGreaterThan(documents[1]?.metadata.score ?? -Infinity);
  });

  it('respects k and the paper filter', async () => {
    const one = await new QuarryAnswerRetriever({ frameIndex: fixture.frameIndex, k: 1 }).invoke(
      'Which learning rate is used?',
    );
    expect(one).toHaveLength(1);
    const filtered = await new QuarryAnswerRetriever({
      frameIndex: fixture.frameIndex,
      filter: { paperIds: [segmentationPaper.id] },
    }).invoke('How long does training take?');
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((document) => document.metadata.paperId === segmentationPaper.id)).toBe(
      true,
    );
    expect(filtered[0]?.pageContent).toBe('Training takes two days on four GPUs.');
  });

  it('names the field for an unknown paper id, and waits for an index that is loading', async () => {
    const unknown = new QuarryAnswerRetriever({
      frameIndex: fixture.frameIndex,
      filter: { paperIds: ['no-such-paper'] },
    });
    await expect(unknown.invoke('What batch size is used?')).rejects.toMatchObject({
      code: 'not_found',
      where: 'filter.paperIds "no-such-paper"',
    });
    const loading = new QuarryAnswerRetriever({ frameIndex: () => null });
    await expect(loading.invoke('What batch size is used?')).rejects.toMatchObject({
      code: 'unsupported',
    });
    const later = new QuarryAnswerRetriever({ frameIndex: () => fixture.frameIndex, k: 1 });
    expect(await later.invoke('What batch size is used?')).toHaveLength(1);
    await expect(later.invoke('  ')).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
