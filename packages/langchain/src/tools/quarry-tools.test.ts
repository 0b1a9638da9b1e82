import { ToolMessage } from '@langchain/core/messages';
import { ToolInputParsingException } from '@langchain/core/tools';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuarryFixture } from '../test-support/quarry-fixture.js';
import type { QuarryFixture } from '../test-support/quarry-fixture.js';
import { readerPaper, streetScenesPaper as segmentationPaper } from '@quarry/testing';
import { createAnswerFromPapersTool } from './answer-from-papers-tool.js';
import { createFindInPaperTool } from './find-in-paper-tool.js';
import { createQuarryTools, quarryToolNames } from './quarry-tools.js';
import { createRecommendDatasetsTool } from './recommend-datasets-tool.js';

interface RecommendOutput {
  query: string;
  datasets: {
    rank: number;
    id: string;
    name: string;
    year: number | null;
    description: string;
    tasks: string[];
    languages: string[];
    why: string;
    citation?: { paperId: string; text: string };
  }[];
}

interface AnswerOutput {
  question: string;
  answers: {
    paperId: string;
    paperTitle: string;
    section: string;
    sentenceIndex: number;
    sentence: string;
    charStart: number;
    charEnd: number;
  }[];
}

interface FindOutput {
  paperId: string;
  paperTitle: string;
  mode: string;
  hits: {
    section: string;
    sentenceIndex: number;
    sentence: string;
    charStart: number;
    charEnd: number;
    highlight?: { text: string; kind: string; charStart: number; charEnd: number };
    score?: number;
  }[];
}

const parse = <T>(output: unknown): T => {
  expect(typeof output).toBe('string');
  return JSON.parse(output as string) as T;
};

describe('Quarry LangChain tools', () => {
  let fixture: QuarryFixture;
  beforeAll(async () => {
    fixture = await createQuarryFixture();
  });
  afterAll(async () => {
    await fixture.close();
  });

  it('recommend_datasets returns catalog datasets as compact JSON, filtered and cut at k', async () => {
    const recommend = createRecommendDatasetsTool({
      recommender: fixture.recommender,
      catalog: fixture.catalog,
      frameIndex: fixture.frameIndex,
    });
    expect(recommend.name).toBe('recommend_datasets');
    const output = await recommend.invoke({
      query: 'extractive question answering over Wikipedia passages',
      k: 1,
      filters: { language: 'English' },
    });
    expect(output).not.toContain('\n');
    const { query, datasets } = parse<RecommendOutput>(output);
    expect(query).toBe('extractive question answering over Wikipedia passages');
    expect(datasets).toHaveLength(1);
    const squad = fixture.catalog.find((dataset) => dataset.id === 'SQuAD');
    expect(datasets[0]).toMatchObject({
      rank: 1,
      id: 'SQuAD',
      name: 'SQuAD',
      year: 2016,
      description: squad?.description,
      tasks: ['Question Answering', 'Reading Comprehension'],
      languages: ['English'],
      citation: {
        paperId: readerPaper.id,
        text: 'The reader reaches 81.2 exact match on the SQuAD development set.',
      },
    });
    const chinese = parse<RecommendOutput>(
      await recommend.invoke({
        query: 'reading comprehension over Wikipedia',
        filters: { language: 'Chinese' },
      }),
    );
    expect(chinese.datasets.map((dataset) => dataset.id)).toEqual(['CMRC 2018']);
  });

  it('answer_from_papers returns stored sentences, optionally from one paper', async () => {
    const answer = createAnswerFromPapersTool({ frameIndex: fixture.frameIndex });
    const all = parse<AnswerOutput>(await answer.invoke({ question: 'What batch size is used?' }));
    expect(all.answers[0]).toMatchObject({
      paperId: readerPaper.id,
      paperTitle: readerPaper.title,
      section: 'Experiments',
      sentenceIndex: 2,
      sentence: 'We fine-tune the reader with Adam and a batch size of 32 for three epochs.',
    });
    expect(all.answers[0]).not.toHaveProperty('answerSpan');
    const sentences = [...readerPaper.sentences, ...segmentationPaper.sentences].map(
      (sentence) => sentence.text,
    );
    for (const hit of all.answers) expect(sentences).toContain(hit.sentence);
    const onePaper = parse<AnswerOutput>(
      await answer.invoke({
        question: 'What learning rate is used?',
        paperId: segmentationPaper.id,
        k: 2,
      }),
    );
    expect(onePaper.answers.length).toBeGreaterThan(0);
    expect(onePaper.answers.length).toBeLessThanOrEqual(2);
    expect(onePaper.answers.every((hit) => hit.paperId === segmentationPaper.id)).toBe(true);
    const [top] = onePaper.answers;
    expect(top?.sentence).toBe(
      'We train with stochastic gradient descent and a learning rate of 0.01 for 90 epochs.',
    );
    expect(segmentationPaper.text.slice(top?.charStart, top?.charEnd)).toBe(top?.sentence);
  });

  it('find_in_paper finds by question and by text, with offsets into the paper', async () => {
    const find = createFindInPaperTool({ frameIndex: fixture.frameIndex });
    const byQuestion = parse<FindOutput>(
      await find.invoke({ paperId: segmentationPaper.id, query: 'How many cities?' }),
    );
    expect(byQuestion).toMatchObject({
      paperId: segmentationPaper.id,
      paperTitle: segmentationPaper.title,
      mode: 'question',
    });
    const [best] = byQuestion.hits;
    expect(best?.sentence).toBe('The street images are recorded in 50 different cities.');
    expect(best?.section).toBe('Experiments');
    expect(segmentationPaper.text.slice(best?.charStart, best?.charEnd)).toBe(best?.sentence);
    expect(best?.highlight).toMatchObject({ text: '50', kind: 'number' });
    expect(segmentationPaper.text.slice(best?.highlight?.charStart, best?.highlight?.charEnd)).toBe(
      '50',
    );

    const byText = parse<FindOutput>(
      await find.invoke({ paperId: segmentationPaper.id, query: 'cityscapes', mode: 'text' }),
    );
    expect(byText.mode).toBe('text');
    expect(byText.hits).toHaveLength(1);
    const [match] = byText.hits;
    expect(match).toMatchObject({
      section: 'Abstract',
      sentenceIndex: 1,
      sentence: 'Our network reaches 71.8% mean IoU on the Cityscapes dataset.',
      highlight: { text: 'Cityscapes', kind: 'match' },
    });
    expect(match).not.toHaveProperty('score');
    expect(
      segmentationPaper.text.slice(match?.highlight?.charStart, match?.highlight?.charEnd),
    ).toBe('Cityscapes');
  });

  it('rejects bad input with an error that names the field', async () => {
    const [recommend, answer, find] = createQuarryTools({
      recommender: fixture.recommender,
      catalog: fixture.catalog,
      frameIndex: fixture.frameIndex,
    });
    // Schema failures are LangChain's ToolInputParsingException; an agent's tool node hands the
    // message back to the model so it can correct the call.
    const empty = recommend.invoke({ query: '   ' });
    await expect(empty).rejects.toBeInstanceOf(ToolInputParsingException);
    await expect(empty).rejects.toThrow(/must not be empty\s+→ at query/u);
    await expect(answer.invoke({ question: 'Which batch size?', k: 0 })).rejects.toThrow(/→ at k/u);
    await expect(
      // @ts-expect-error: a mode the schema does not allow, as a model might send it
      find.invoke({ paperId: segmentationPaper.id, query: 'x', mode: 'fuzzy' }),
    ).rejects.toThrow(/→ at mode/u);
    // An id the index does not hold fails in the tool, naming the field and the known ids.
    const unknown = find.invoke({ paperId: 'paper-nope', query: 'How many cities?' });
    await expect(unknown).rejects.toMatchObject({ code: 'not_found' });
    await expect(unknown).rejects.toThrow(
      /^paperId "paper-nope": no paper with this id is in the answer index \(use one of "paper-reader", "paper-street-scenes"\)$/u,
    );
    await expect(
      answer.invoke({ question: 'Which batch size?', paperId: 'paper-nope' }),
    ).rejects.toThrow(/^paperId "paper-nope"/u);
  });

  it('describes each input to the model, with only the essential fields required', () => {
    const tools = createQuarryTools({
      recommender: fixture.recommender,
      catalog: fixture.catalog,
      frameIndex: fixture.frameIndex,
    });
    const required = tools.map((tool) => {
      const schema = toJsonSchema(tool.schema) as {
        required: string[];
        properties: Record<string, { description?: string }>;
      };
      for (const [field, property] of Object.entries(schema.properties)) {
        expect(property.description, `${tool.name}.${field}`).toMatch(/\w/u);
      }
      expect(tool.description.length).toBeGreaterThan(80);
      return schema.required;
    });
    expect(required).toEqual([['query'], ['question'], ['paperId', 'query']]);
  });

  it('builds every tool, and answers a model tool call with a ToolMessage', async () => {
    const tools = createQuarryTools({
      recommender: fixture.recommender,
      catalog: fixture.catalog,
      frameIndex: fixture.frameIndex,
    });
    expect(tools.map((tool) => tool.name)).toEqual([...quarryToolNames]);
    expect(
      createQuarryTools({ recommender: fixture.recommender, catalog: fixture.catalog }).map(
        (tool) => tool.name,
      ),
    ).toEqual(['recommend_datasets']);
    const [, , find] = tools;
    const message = await find.invoke({
      id: 'call-1',
      name: 'find_in_paper',
      type: 'tool_call',
      args: { paperId: readerPaper.id, query: 'SQuAD', mode: 'text' },
    });
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.tool_call_id).toBe('call-1');
    expect(parse<FindOutput>(message.content).hits[0]?.sentence).toBe(
      'The reader reaches 81.2 exact match on the SQuAD development set.',
    );
  });
});
