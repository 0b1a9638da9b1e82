import { describe, expect, it } from 'vitest';
import { emptyDialogueState } from '../dialogue-state.js';
import type { DialogueState } from '../dialogue-state.js';
import { createTaskTaxonomy } from '../task-taxonomy.js';
import { licenceNote, readMessage, sameTaskFamily, settleRole } from './read-message.js';

const taxonomy = createTaskTaxonomy(['Speech Recognition']);
const asking: DialogueState = {
  ...emptyDialogueState(),
  request: 'datasets of recorded voices',
  pending: 'task',
};
const settle = (text: string) =>
  settleRole({
    role: 'answer',
    text,
    previous: asking,
    taxonomy,
  });

describe('settleRole', () => {
  it('reads an answer to the task question that names only a language or data kind as a refinement', () => {
    expect(settle('with Spanish audio, please')).toBe('refinement');
    expect(settle('speech recognition')).toBe('answer');
  });

  it('takes no task from what a new-looking message rules out', () => {
    const standing: DialogueState = {
      ...emptyDialogueState(),
      request: 'benchmarks for code generation models',
      constraints: { task: { value: 'code generation', source: 'request' } },
    };
    // "BLEU" alone would name machine translation and make this a new request.
    expect(
      settleRole({
        role: 'new-request',
        text: 'I want them judged by running unit tests, not by BLEU against a reference',
        previous: standing,
        taxonomy,
      }),
    ).toBe('refinement');
  });

  it('reads a short follow-up naming another task in another setting as a new request', () => {
    const standing: DialogueState = {
      ...emptyDialogueState(),
      request: 'sentiment analysis of financial news',
      constraints: {
        task: { value: 'sentiment analysis', source: 'request' },
        domain: { value: 'Finance', source: 'request' },
      },
    };
    const tasks = createTaskTaxonomy([
      'Sentiment Analysis',
      'Text Summarization',
      'Question Answering',
    ]);
    const settleShort = (text: string) =>
      settleRole({ role: 'refinement', text, previous: standing, taxonomy: tasks });
    expect(settleShort('legal document summarization')).toBe('new-request');
    expect(settleShort('now I need question answering over legal contracts')).toBe('new-request');
    // Another task in the same setting, another setting for the same task, or words that carry
    // the standing request on: a refinement.
    expect(settleShort('what about summarization?')).toBe('refinement');
    expect(settleShort('and for legal documents?')).toBe('refinement');
    expect(settleShort('the same for legal summarization')).toBe('refinement');
    expect(settleShort("doesn't have to be financial, any summarization benchmark is ok")).toBe(
      'refinement',
    );
    // The annotation asked for describes the data: "legal labels" is no task of its own.
    const labelled = createTaskTaxonomy(['Sentiment Analysis', 'Legal Labels']);
    expect(
      settleRole({
        role: 'refinement',
        text: 'legal labels on top would be a plus',
        previous: standing,
        taxonomy: labelled,
      }),
    ).toBe('refinement');
  });

  it('reads a long follow-up that names no task and announces no new topic as a refinement', () => {
    const standing: DialogueState = {
      ...emptyDialogueState(),
      request: 'recommendations for action recognition video datasets?',
      constraints: { task: { value: 'action recognition', source: 'request' } },
    };
    const settleNew = (text: string) =>
      settleRole({
        role: 'new-request',
        text,
        previous: standing,
        taxonomy,
      });
    expect(
      settleNew(
        'it needs to be first-person footage from a head-mounted camera, we are building for AR glasses',
      ),
    ).toBe('refinement');
    expect(
      settleNew(
        "We've been burned by the sim-to-real gap, so I only want data captured with real cameras on real objects",
      ),
    ).toBe('refinement');
    expect(
      settleNew(
        'different topic: a colleague needs recordings of bird songs from European forests',
      ),
    ).toBe('new-request');
    expect(
      settleNew('I want to train a speech recognition model on accented English recordings'),
    ).toBe('new-request');
    // A task a cue reads, said in the message's own words, is a request of its own.
    const cued = createTaskTaxonomy(['Hate Speech Detection', 'Action Recognition']);
    expect(
      settleRole({
        role: 'new-request',
        text: "I'm working on detecting hate speech in tweets",
        previous: standing,
        taxonomy: cued,
      }),
    ).toBe('new-request');
  });
});

describe('sameTaskFamily', () => {
  it('puts a task with its narrower or broader wording, not with its neighbours', () => {
    expect(sameTaskFamily('questions', 'question answering')).toBe(true);
    expect(sameTaskFamily('3D object detection', 'object detection')).toBe(true);
    expect(sameTaskFamily('anomaly detection', 'object detection')).toBe(false);
    expect(sameTaskFamily('translation', undefined)).toBe(false);
  });

  it('reads a follow-up whose task phrase no catalog task has as a refinement', () => {
    const standing: DialogueState = {
      ...emptyDialogueState(),
      request: 'summarization datasets for scientific papers',
      constraints: { task: { value: 'text summarization', source: 'request' } },
    };
    // "goal generating" is read as a task phrase; no catalog task is called that.
    expect(
      settleRole({
        role: 'new-request',
        text: 'the goal is generating a related-work paragraph from several cited papers, so it must be multi-document',
        previous: standing,
        taxonomy: createTaskTaxonomy(['Text Summarization', 'Multi-Document Summarization']),
      }),
    ).toBe('refinement');
  });

  it('reads a follow-up that names a narrower task of the same family as a refinement', () => {
    const standing: DialogueState = {
      ...emptyDialogueState(),
      request: 'object detection datasets',
      constraints: { task: { value: 'object detection', source: 'request' } },
    };
    const detection = createTaskTaxonomy(['Object Detection', '3D Object Detection']);
    const settleFollowUp = (text: string) =>
      settleRole({ role: 'new-request', text, previous: standing, taxonomy: detection });
    expect(
      settleFollowUp('it has to be 3D object detection from point clouds of outdoor streets'),
    ).toBe('refinement');
  });
});

describe('readMessage', () => {
  it('reads a follow-up with no telling word in the language of the request, uncorrected', () => {
    const corrected: string[] = [];
    const read = (message: string, request: string) =>
      readMessage({
        message,
        previous: { ...emptyDialogueState(), request, shown: ['Common Voice'] },
        answersQuestions: false,
        correctSpelling: (text) => {
          corrected.push(text);
          return { text, corrections: [] };
        },
        taxonomy,
        settings: { maxMessageChars: 2000, maxAnswerWords: 6, maxRefinementWords: 60 },
      });
    const spanish = read(
      'prefiero grabaciones telefónicas',
      'Busco datos para reconocimiento de voz en español',
    );
    expect(spanish).toMatchObject({ kind: 'dataset-request', language: 'es' });
    // Spanish words are not English typos: the English speller is not asked.
    expect(corrected).toEqual([]);
    expect(read('telephone recordings please', 'speech recognition data')).toMatchObject({
      language: 'en',
    });
    expect(corrected).toEqual(['telephone recordings please']);
  });

  it('says that the catalog records no licences when a message asks about them', () => {
    const read = (message: string) =>
      readMessage({
        message,
        previous: { ...emptyDialogueState(), request: 'question answering datasets' },
        answersQuestions: false,
        correctSpelling: (text) => ({ text, corrections: [] }),
        taxonomy,
        settings: { maxMessageChars: 2000, maxAnswerWords: 6, maxRefinementWords: 60 },
      });
    expect(read('only ones with a permissive licence such as CC-BY')).toMatchObject({
      notes: [licenceNote],
    });
    expect(read('only ones with long answers')).toMatchObject({ notes: [] });
  });
});
