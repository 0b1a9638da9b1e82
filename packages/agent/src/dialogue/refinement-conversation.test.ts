/**
 * Conversations through respondInConversation, as POST /api/chat and Slack run them: refinements
 * re-rank the standing request, corrections replace what was misread, a new request says so, and
 * the state survives a restart (a new agent reading the stored JSON).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatasetRecommender } from '@quarry/recommender';
import { createMemoryConversationLog } from '../agent-conversation-case.js';
import type { AgentReply } from '../agent-reply.js';
import { respondInConversation } from '../conversation-turn.js';
import type { ConversationLog } from '../conversation-turn.js';
import { createDatasetAgent } from '../dataset-agent.js';
import type { DatasetAgent } from '../dataset-agent.js';
import { sampleCatalog } from '../test-support/sample-catalog.js';
import { sampleDataset } from '@quarry/testing';

/** The sample catalog with street scenes from 2014 and aerial images from 2021. */
const catalog = sampleCatalog.map((dataset) =>
  dataset.id === 'StreetScenes'
    ? { ...dataset, year: 2014 }
    : dataset.id === 'AerialSeg'
      ? { ...dataset, year: 2021 }
      : dataset,
);
let agent: DatasetAgent;

beforeAll(async () => {
  agent = await newAgent();
});

async function newAgent(): Promise<DatasetAgent> {
  return createDatasetAgent({
    recommender: await createDatasetRecommender({ datasets: catalog }),
    catalog: new Map(catalog.map((dataset) => [dataset.id, dataset])),
  });
}

async function converse(
  turns: string[],
  options: { log?: ConversationLog; agents?: DatasetAgent[] } = {},
): Promise<AgentReply[]> {
  const conversations = options.log ?? createMemoryConversationLog();
  const replies: AgentReply[] = [];
  for (const [index, message] of turns.entries()) {
    const turn = await respondInConversation({
      agent: options.agents?.[index] ?? agent,
      conversations,
      id: 'c1',
      owner: 'me',
      message,
      mayContinue: (owner) => owner === 'me',
      maxMessages: 50,
    });
    replies.push(turn.reply);
  }
  return replies;
}

const ids = (reply: AgentReply | undefined) =>
  reply?.kind === 'recommend' ? reply.datasets.map((card) => card.datasetId) : [];

describe('a conversation that remembers', () => {
  it('narrows the standing request and says what it now searches for', async () => {
    const replies = await converse([
      'semantic segmentation of street scenes',
      'only aerial images please',
    ]);
    const last = replies.at(-1);
    expect(ids(last)).toEqual(['AerialSeg']);
    expect(last?.text).toMatch(/^Searching for: .*segmentation.*aerial/i);
  });

  it('rules out in a first message what it says to leave out, and does not search for it', async () => {
    const [first] = await converse(['semantic segmentation of city images, nothing aerial']);
    expect(ids(first)[0]).toBe('StreetScenes');
    expect(ids(first).at(-1)).toBe('AerialSeg');
  });

  it('changes the language of a standing request, and drops it again', async () => {
    const [, german, any] = await converse([
      'question answering datasets',
      'and for German?',
      'actually any language is fine',
    ]);
    expect(ids(german)[0]).toBe('NewsQA-DE');
    expect(ids(german)).not.toContain('SquadLike');
    expect(ids(german)).not.toContain('WikiQA-ZH');
    expect(german?.text).toMatch(/in German/);
    expect(ids(any)).toEqual(expect.arrayContaining(['SquadLike', 'WikiQA-ZH']));
    expect(any?.text).not.toMatch(/in German/);
  });

  it('keeps a lower year bound and leaves older datasets out', async () => {
    const [, recent] = await converse([
      'semantic segmentation of street scenes',
      'only ones released after 2018',
    ]);
    expect(ids(recent)).toEqual(['AerialSeg']);
    expect(recent?.text).toMatch(/from 2019 on/);
  });

  it('corrects a misread kind of data', async () => {
    const [, corrected] = await converse([
      'segmentation of driving scenes',
      'no, I meant video, not still images',
    ]);
    expect(ids(corrected)[0]).toBe('CityVideo');
    expect(ids(corrected)).not.toContain('StreetScenes');
  });

  it('starts over on a new request and says so in one line', async () => {
    const [, switched] = await converse([
      'semantic segmentation of street scenes',
      'forget that, I need Chinese question answering data',
    ]);
    expect(ids(switched)[0]).toBe('WikiQA-ZH');
    expect(switched?.text).toMatch(/^New request: /);
  });

  it('answers empty, emoji-only, very long and mixed-script follow-ups without losing the request', async () => {
    const replies = await converse([
      'semantic segmentation of street scenes',
      '',
      '🙂🙂',
      `only aerial ${'images '.repeat(600)}`,
      '画像 segmentation 🙂 مرحبا only aerial',
    ]);
    expect(replies.slice(0, 3).map((reply) => reply.kind)).toEqual([
      'recommend',
      'notice',
      'notice',
    ]);
    // A message as long as a paragraph reads as a new request; it is cut, and the user told.
    expect(replies[3]?.text).toMatch(/first 2000 characters/);
    expect(replies.at(-1)?.kind).toBe('recommend');
    expect(ids(replies.at(-1))).toContain('AerialSeg');
  });

  it('leaves the datasets of a task behind when a refinement turns to another', async () => {
    const audio = [
      sampleDataset({
        id: 'KaraokeSplit',
        description:
          'Song mixtures with the singing voice and the backing music on separate channels, for singing voice separation.',
        modalities: ['Audio'],
        tasks: ['Singing Voice Separation'],
      }),
      sampleDataset({
        id: 'SoloSinger',
        description:
          'Clean solo singing voice recordings with lyrics and MIDI scores, to analyse and synthesize singing.',
        modalities: ['Audio'],
      }),
      sampleDataset({
        id: 'Birdsong',
        description: 'Field recordings of bird songs with species labels.',
        modalities: ['Audio'],
      }),
    ];
    const singing = createDatasetAgent({
      recommender: await createDatasetRecommender({ datasets: audio }),
      catalog: new Map(audio.map((dataset) => [dataset.id, dataset])),
    });
    const [separation, synthesis] = await converse(
      [
        'datasets for separating the singing voice from the backing music in songs?',
        'now the opposite direction: I want to synthesize singing, ideally clean solo vocal recordings with lyrics to train singing voice synthesis',
      ],
      { agents: [singing, singing] },
    );
    expect(ids(separation)[0]).toBe('KaraokeSplit');
    expect(ids(synthesis)[0]).toBe('SoloSinger');
    expect(ids(synthesis)).not.toContain('KaraokeSplit');
    expect(synthesis?.text).toMatch(/instead of singing voice separation/);
  });

  it('continues from the stored state after a restart', async () => {
    const log = createMemoryConversationLog();
    const restarted = await newAgent();
    const [, , german] = await converse(
      ['question answering datasets', 'thanks', 'and for German?'],
      { log, agents: [agent, agent, restarted] },
    );
    expect(ids(german)[0]).toBe('NewsQA-DE');
  });
});
