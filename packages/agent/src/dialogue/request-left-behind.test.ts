import { describe, expect, it } from 'vitest';
import { emptyDialogueState, restoreDialogueState } from '../dialogue-state.js';
import type { DialogueState } from '../dialogue-state.js';
import { createTaskTaxonomy } from '../task-taxonomy.js';
import { refineState } from './refine-state.js';
import {
  changesTask,
  leftKindsAfter,
  leftKindsLast,
  leftTasksAfter,
  withoutLeftTasks,
  requestWordsLeftBehind,
} from './request-left-behind.js';

const singing: DialogueState = {
  ...emptyDialogueState(),
  request: 'any datasets for separating the singing voice from the backing music in songs?',
  constraints: {
    task: { value: 'singing voice separation', source: 'request' },
    modality: { value: 'Audio', source: 'request' },
  },
};
const refine = (message: string, standing: DialogueState) =>
  refineState({
    state: standing,
    message,
    correction: false,
    taxonomy: createTaskTaxonomy(['Singing Voice Synthesis', 'Audio Source Separation']),
    findDataset: () => null,
  });

describe('a refinement that names another task', () => {
  it('tells a change of what is done from the same work said otherwise', () => {
    expect(changesTask('singing voice separation', 'singing voice synthesis')).toBe(true);
    expect(changesTask('bug localization', 'commit message generation')).toBe(true);
    // The same kind of work, in other words or more exactly.
    expect(changesTask('speech recognition', 'meeting transcription')).toBe(false);
    expect(changesTask('object detection', 'logo localization')).toBe(false);
    expect(changesTask('image classification', 'fine-grained image classification')).toBe(false);
    // A task that names no work by its last word ("follow-up questions") is a kind of data.
    expect(changesTask('reading comprehension', 'follow-up questions')).toBe(false);
    expect(changesTask(undefined, 'singing voice synthesis')).toBe(false);
  });

  it("leaves behind the request's words nothing still stands for", () => {
    const left = requestWordsLeftBehind({
      request: singing.request,
      previousTask: 'singing voice separation',
      constraints: {
        task: { value: 'singing voice synthesis', source: 'refinement' },
        modality: { value: 'Audio', source: 'request' },
      },
      message: 'now the opposite: clean solo vocal recordings to train singing voice synthesis',
    });
    expect(left).toEqual(expect.arrayContaining(['separating', 'backing', 'songs']));
    // The new task's words, and the words the message says again, stay.
    expect(left).not.toContain('singing');
    expect(left).not.toContain('voice');
    expect(
      requestWordsLeftBehind({
        request: 'speech recognition corpora of read English',
        previousTask: 'speech recognition',
        constraints: { task: { value: 'meeting transcription', source: 'refinement' } },
        message: 'the target is transcribing meetings',
      }),
    ).toEqual([]);
  });

  it('puts the task left in the state, and takes it out when it is asked for again', () => {
    const refined = refine(
      'cool. now the opposite direction: I want to synthesize singing, so clean solo vocal recordings with lyrics to train a singing voice synthesis model',
      singing,
    );
    expect(refined.constraints.task?.value).not.toBe('singing voice separation');
    expect(refined.leftTasks).toEqual(['singing voice separation']);
    expect(refined.dropped).toEqual(expect.arrayContaining(['backing', 'songs']));
    // Stored and read back with the conversation; a state stored before the field has none.
    expect(restoreDialogueState(JSON.parse(JSON.stringify(refined)))?.leftTasks).toEqual([
      'singing voice separation',
    ]);
    expect(restoreDialogueState({ constraints: {}, asked: [] })?.leftTasks).toEqual([]);
    expect(
      leftTasksAfter(['singing voice separation'], 'singing voice synthesis', {
        task: { value: 'Singing Voice Separation', source: 'refinement' },
      }),
    ).toEqual(['singing voice synthesis']);
  });

  it('leaves out the datasets of a task left, unless nothing else is left', () => {
    const terms: Record<string, string[]> = {
      iKala: ['sing', 'voic', 'separ', 'voic_separ'],
      'JVS-MuSiC': ['sing', 'voic', 'synthes'],
      Both: ['voic_separ', 'synthes'],
      Other: ['sing'],
    };
    const termsOf = (id: string) => new Set(terms[id] ?? []);
    const ranked = ['iKala', 'JVS-MuSiC', 'Both', 'Other'].map((datasetId) => ({ datasetId }));
    const kept = withoutLeftTasks({
      ranked,
      leftTasks: ['singing voice separation'],
      task: 'singing synthesize',
      termsOf,
    });
    // A dataset saying the task asked for now stays, though it says the task left too.
    expect(kept.map((item) => item.datasetId)).toEqual(['JVS-MuSiC', 'Both', 'Other']);
    expect(
      withoutLeftTasks({
        ranked: ranked.slice(0, 1),
        leftTasks: ['singing voice separation'],
        task: 'singing synthesize',
        termsOf,
      }).map((item) => item.datasetId),
    ).toEqual(['iKala']);
  });

  it('moves the datasets only of a kind of data left after the others', () => {
    const hoi: DialogueState = {
      ...emptyDialogueState(),
      request: 'human-object interaction detection, still-image benchmarks',
      constraints: {
        task: { value: 'human-object interaction detection', source: 'request' },
        modality: { value: 'Image', source: 'request' },
      },
    };
    const video = refine(
      'ok and is there anything like that for video? same kind of interaction triplets but over time in clips',
      hoi,
    );
    expect(video.constraints.modality?.value).toBe('Video');
    expect(video.leftKinds).toEqual(['Image']);
    // Allowed beside it ("video is fine too") leaves nothing behind.
    expect(leftKindsAfter({ before: [], previous: 'Image', now: 'Video', narrows: false })).toEqual(
      [],
    );
    expect(
      leftKindsAfter({ before: ['Image'], previous: 'Video', now: 'Images', narrows: true }),
    ).toEqual(['Video']);
    const kinds: Record<string, string[]> = {
      'HICO-DET': ['Image'],
      VidHOI: ['Video'],
      Both: ['Image', 'Video'],
      Unknown: [],
    };
    const ranked = ['HICO-DET', 'VidHOI', 'Both', 'Unknown'].map((datasetId) => ({ datasetId }));
    expect(
      leftKindsLast({ ranked, leftKinds: ['Images'], kindsOf: (id) => kinds[id] ?? [] }).map(
        (item) => item.datasetId,
      ),
    ).toEqual(['VidHOI', 'Both', 'Unknown', 'HICO-DET']);
  });
});
