import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createAnnotationService } from './annotation-service.js';
import { exportAnnotationsAsSquad } from './export-annotations.js';
import { findInPaper } from './find-in-paper.js';
import type { FrameIndex } from './frame-index.js';
import { loadFrameIndex } from './load-frame-index.js';
import { generateQuestions } from './questions/generate-questions.js';
import { createRuleQuestionGenerator } from './questions/rule-question-generator.js';
import { frequentlyAskedQuestions, suggestQuestions } from './suggest.js';
import { createHashingEmbedder } from '@quarry/testing';
import { samplePapers, segmentationPaper, translationPaper } from './test-support/sample-papers.js';

describe('frame index over the store', () => {
  let store: Store;
  let index: FrameIndex;
  const embedder = createHashingEmbedder();

  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
    for (const paper of samplePapers) await store.papers.upsert(paper);
    await generateQuestions({ store, generator: createRuleQuestionGenerator() });
    ({ index } = await loadFrameIndex({ store, embedder }));
  });
  afterAll(async () => {
    await store.close();
  });

  it('stores one answer vector per frame and one per question, tagged with the model', async () => {
    const counts = await store.vectors.counts();
    const frames = translationPaper.sentences.length + segmentationPaper.sentences.length;
    expect(counts).toContainEqual({
      model: embedder.modelId,
      dim: 32,
      ownerKind: 'frame',
      count: frames,
    });
    // No two questions of these papers share a text (shared texts share a vector: question-vectors.test.ts).
    expect(counts.find((count) => count.ownerKind === 'question')?.count).toBe(index.questionCount);
    expect(index.frameCount).toBe(frames);
    expect(index.questionCount).toBeGreaterThan(0);
  });

  it('loads stored vectors instead of embedding again', async () => {
    const before = embedder.embeddedTexts;
    const { stats } = await loadFrameIndex({ store, embedder });
    expect(stats.embeddedFrames).toBe(0);
    expect(stats.embeddedQuestions).toBe(0);
    expect(embedder.embeddedTexts).toBe(before);
  });

  it('matches words of the paper title (a weak BM25 field) when no sentence has them', async () => {
    const result = await index.search({ query: 'street scenes', limit: 3 });
    expect(result.hits.length).toBeGreaterThan(0);
    for (const hit of result.hits) {
      expect(hit.paperId).toBe(segmentationPaper.id);
      expect(hit.lexical).toBeGreaterThan(0);
      expect(hit.text.toLowerCase()).not.toContain('street');
    }
  });

  it('ranks the answer sentence first, with offsets, context and a matched question', async () => {
    const result = await index.search({ query: 'What learning rate is used?', limit: 3 });
    const [top] = result.hits;
    expect(top?.text).toBe('We train with Adam and a learning rate of 0.001 for 20 epochs.');
    expect(top?.matchedQuestion?.text).toBe('What learning rate is used?');
    expect(top?.contextAfter).toBe('Training takes three days on eight GPUs.');
    expect(translationPaper.text.slice(top?.charStart, top?.charEnd)).toBe(top?.text);
    // "What learning rate" asks for a number and the sentence holds one: the answer-type term applies.
    expect(top?.answerSpan?.text).toBe('0.001');
    expect(top?.score).toBeCloseTo(
      (top?.cosine ?? 0) +
        index.settings.alpha *
          ((top?.lexical ?? 0) +
            index.settings.questionLexicalWeight * (top?.questionLexical ?? 0)) +
        index.settings.answerTypeWeight +
        index.settings.wordMatchWeight * (top?.wordMatch ?? 0),
    );
    // Without word vectors the coverage counts the question's words and stems the sentence holds.
    expect(top?.wordMatch).toBeGreaterThan(0);
  });

  it('matches the words of generated questions the sentence itself lacks (document expansion)', async () => {
    // No sentence says "hardware"; the research-intent question of the GPU sentence does.
    const { index: expanded } = await loadFrameIndex({
      store,
      embedder,
      settings: { questionLexicalWeight: 0.5 },
    });
    const result = await expanded.search({ query: 'Which hardware?', limit: 3 });
    expect(result.hits[0]).toMatchObject({
      text: 'Training takes three days on eight GPUs.',
      lexical: 0,
    });
    expect(result.hits[0]?.questionLexical).toBeGreaterThan(0.5);
    const inPaper = await findInPaper({
      index: expanded,
      paperId: translationPaper.id,
      query: 'Which hardware?',
      mode: 'question',
      limit: 1,
    });
    expect(inPaper.hits[0]?.text).toBe('Training takes three days on eight GPUs.');
    expect(inPaper.hits[0]?.questionLexical).toBeGreaterThan(0.5);
    // Off by default.
    const plain = await index.search({ query: 'Which hardware?', limit: 3 });
    expect(plain.hits.length).toBeGreaterThan(0);
    expect(plain.hits.every((hit) => hit.questionLexical === 0)).toBe(true);
  });

  it('filters by paper, section and year', async () => {
    const query = 'Which dataset and results?';
    const byPaper = await index.search({ query, filter: { paperIds: [segmentationPaper.id] } });
    expect(byPaper.hits.length).toBeGreaterThan(0);
    expect(byPaper.hits.every((hit) => hit.paperId === segmentationPaper.id)).toBe(true);
    const bySection = await index.search({ query: 'train', filter: { section: 'experi' } });
    expect(bySection.hits.length).toBeGreaterThan(0);
    expect(bySection.hits.every((hit) => hit.sectionTitle === 'Experiments')).toBe(true);
    const byYear = await index.search({ query, filter: { yearFrom: 2017, yearTo: 2017 } });
    expect(byYear.hits.length).toBeGreaterThan(0);
    expect(byYear.hits.every((hit) => hit.paperId === translationPaper.id)).toBe(true);
  });

  it('rejects empty queries and limits beyond the setting', async () => {
    await expect(index.search({ query: '  ' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(index.search({ query: 'x', limit: 1000 })).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('finds inside one paper by question, with the likely answer highlighted', async () => {
    const result = await findInPaper({
      index,
      paperId: segmentationPaper.id,
      query: 'How many cities were recorded?',
      mode: 'question',
      limit: 2,
    });
    const [top] = result.hits;
    expect(top?.text).toBe('Cityscapes contains images recorded in 50 different cities.');
    expect(top?.highlight).toMatchObject({ text: '50', kind: 'number' });
    expect(segmentationPaper.text.slice(top?.highlight?.charStart, top?.highlight?.charEnd)).toBe(
      '50',
    );
    expect(result.hits.every((hit) => hit.frameId !== '')).toBe(true);
  });

  it('finds text and /regex/ inside one paper in reading order', async () => {
    const text = await findInPaper({
      index,
      paperId: segmentationPaper.id,
      query: 'cityscapes',
      mode: 'text',
    });
    expect(
      text.hits.map((hit) =>
        segmentationPaper.text.slice(hit.highlight?.charStart, hit.highlight?.charEnd),
      ),
    ).toEqual(['Cityscapes', 'Cityscapes']);
    const regex = await findInPaper({
      index,
      paperId: segmentationPaper.id,
      query: '/\\d+(\\.\\d+)?%/',
      mode: 'text',
    });
    expect(regex.hits.map((hit) => hit.highlight?.text)).toEqual(['71.8%']);
    await expect(
      findInPaper({ index, paperId: 'nope', query: 'x', mode: 'text' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('suggests stored questions by prefix, then by meaning, and FAQs for a paper and a frame', async () => {
    const suggestions = await suggestQuestions({ index, query: 'What lea' });
    expect(suggestions[0]).toMatchObject({ text: 'What learning rate is used?', source: 'prefix' });
    const semantic = await suggestQuestions({
      index,
      query: 'rate of learning',
      paperId: translationPaper.id,
    });
    expect(semantic.map((suggestion) => suggestion.text)).toContain('What learning rate is used?');
    const paperFaq = frequentlyAskedQuestions({ index, paperId: translationPaper.id });
    expect(paperFaq.length).toBeGreaterThan(0);
    expect(new Set(paperFaq.map((question) => question.text)).size).toBe(paperFaq.length);
    expect(paperFaq.every((question) => question.paperId === translationPaper.id)).toBe(true);
    const frameId =
      (await index.search({ query: 'vocabulary subword units', limit: 1 })).hits[0]?.frameId ?? '';
    const frameFaq = frequentlyAskedQuestions({ index, frameId });
    expect(frameFaq.length).toBeGreaterThan(0);
    expect(frameFaq.every((question) => question.frameId !== frameId)).toBe(true);
  });

  it('embeds an annotation question at once, so the next search matches it; removing it drops it', async () => {
    const annotations = createAnnotationService({ store, index });
    const question = 'What did fitting the system cost?';
    const sentence = 'Training takes three days on eight GPUs.';
    const charStart = translationPaper.text.indexOf('three days');
    const before = await index.search({ query: question, limit: 1 });
    expect(before.hits[0]?.text).not.toBe(sentence);
    const annotation = await annotations.add({
      paperId: translationPaper.id,
      question,
      charStart,
      charEnd: charStart + 'three days'.length,
    });
    const after = await index.search({ query: question, limit: 1 });
    expect(after.hits[0]).toMatchObject({ text: sentence, matchedQuestion: { text: question } });
    expect(after.hits[0]?.cosine).toBeCloseTo(1);
    // The memory backend stored the vector: the next load reads it instead of embedding again.
    const stored = await store.vectors.get({
      ownerKind: 'question',
      model: index.modelId,
      ownerIds: [annotation.questionId ?? ''],
    });
    expect(stored).toHaveLength(1);

    const squad = await exportAnnotationsAsSquad({ store });
    const paragraph = squad.data[0]?.paragraphs[0];
    const answer = paragraph?.qas[0]?.answers[0];
    expect(squad.data[0]?.title).toBe(translationPaper.title);
    expect(
      paragraph?.context.slice(
        answer?.answer_start,
        (answer?.answer_start ?? 0) + 'three days'.length,
      ),
    ).toBe('three days');

    expect(await annotations.remove(annotation.id)).toBe(true);
    expect(index.question(annotation.questionId ?? '')).toBeUndefined();
    expect(await annotations.remove(annotation.id)).toBe(false);
  });
});
