import { describe, expect, it } from 'vitest';
import { extractConstraints, interpretAnswer } from './constraint-extraction.js';

describe('constraint extraction', () => {
  it('finds task, modality, domain and language in a full request', () => {
    const constraints = extractConstraints(
      'I want to build semantic segmentation of street images for autonomous driving with German captions.',
    );
    expect(constraints.task?.value).toBe('semantic segmentation');
    expect(constraints.modality?.value).toBe('Image');
    expect(constraints.domain?.value).toBe('Driving');
    expect(constraints.language?.value).toBe('German');
  });

  it('keeps every language a request names, as for a language pair', () => {
    expect(extractConstraints('parallel corpus Dutch-Italian').language?.value).toBe(
      'Dutch, Italian',
    );
    expect(extractConstraints('news articles in French').language?.value).toBe('French');
    // Languages beyond the common ones: the catalog declares Swahili, Thai, Greek …
    expect(extractConstraints('translate English to Swahili').language?.value).toBe(
      'English, Swahili',
    );
    expect(extractConstraints('Zulu speech recognition').language?.value).toBe('Zulu');
  });

  it('names the task of a task verb by its object ("detect sarcasm" is sarcasm detection)', () => {
    expect(extractConstraints('I want to detect sarcasm in tweets').task?.value).toBe(
      'sarcasm detection',
    );
    expect(extractConstraints('we need to classify bird songs from recordings').task?.value).toBe(
      'bird songs classification',
    );
    // A noun before the verb keeps the phrase as written.
    expect(extractConstraints('object detect in drone footage').task?.value).toBe('object detect');
  });

  it('gives two task verbs joined by "or" the object after the second', () => {
    expect(
      extractConstraints('I want to generate or summarise commit messages instead.').task?.value,
    ).toBe('commit messages generation');
  });

  it('starts a task phrase after a copula ("the target is transcribing meetings")', () => {
    expect(extractConstraints('the target is transcribing real meetings').task?.value).toBe(
      'real meetings transcription',
    );
    expect(extractConstraints('our task is detecting sarcasm in tweets').task?.value).toBe(
      'sarcasm detection',
    );
  });

  it('reads "I\'m working on detecting …" and other openings by the task they name', () => {
    // "working" had joined the phrase: "working detecting", which no dataset declares.
    expect(extractConstraints("I'm working on detecting fake news").task?.value).toBe(
      'fake news detection',
    );
    expect(extractConstraints("I'm interested in detecting sarcasm").task?.value).toBe(
      'sarcasm detection',
    );
    expect(extractConstraints('we are trying to segment tumours in MRI').task?.value).toBe(
      'tumours segmentation',
    );
    // A plan is not path planning; path planning still is.
    expect(extractConstraints('I am planning to segment tumours in MRI').task?.value).toBe(
      'tumours segmentation',
    );
    expect(extractConstraints('path planning for warehouse robots').task?.value).toBe(
      'path planning',
    );
  });

  it('takes no task phrase from pointing words ("only ones where answering needs …")', () => {
    // "answering" alone, or a bare verb ("predict the polarity"), names no task.
    expect(
      extractConstraints('only ones where answering needs two documents').task,
    ).toBeUndefined();
    expect(extractConstraints('given a review, predict the polarity').task).toBeUndefined();
    expect(
      extractConstraints('anonymous sessions, and the task is predicting').task,
    ).toBeUndefined();
  });

  it('leaves an answer\'s "yes" and "specifically" out of the task', () => {
    expect(extractConstraints('yes extractive QA mostly').task?.value).toBe('extractive qa');
    expect(extractConstraints("specifically it's news recommendation").task?.value).toBe(
      'news recommendation',
    );
  });

  it('reads the task after a request for advice, not "recommendations" as the task', () => {
    expect(
      extractConstraints('recommendations for action recognition video datasets?').task?.value,
    ).toBe('action recognition');
    expect(extractConstraints('datasets for news recommendation').task?.value).toContain(
      'news recommendation',
    );
  });

  it('prefers a later clause\'s qualified task to a bare task word, and skips "I meant"', () => {
    expect(
      extractConstraints('no, recognition of who is talking. speaker verification please').task
        ?.value,
    ).toBe('speaker verification');
    expect(
      extractConstraints('Sorry, I mixed up tasks: I meant video question answering.').task?.value,
    ).toBe('video question answering');
    expect(extractConstraints('ideally multi-hop question answering').task?.value).toBe(
      'multi-hop question answering',
    );
    // A bare task word stays the task when no clause says more.
    expect(extractConstraints('recognition of who is talking').task?.value).toBe('recognition');
    // A gerund names its task with its object ("separating the singing voice").
    expect(
      extractConstraints('any datasets for separating the singing voice from the backing music?')
        .task?.value,
    ).toBe('singing voice separation');
    // Adapting across domains is the task, the task adapted is what it is done on.
    expect(
      extractConstraints('benchmarks for unsupervised domain adaptation in object recognition').task
        ?.value,
    ).toBe('unsupervised domain adaptation');
  });

  it('keeps a hyphenated word of the task whole, its filler parts too', () => {
    const taskOf = (text: string) => extractConstraints(text).task?.value;
    expect(taskOf('benchmarks for few-shot image classification')).toBe(
      'few-shot image classification',
    );
    expect(taskOf('all-weather object detection data')).toBe('all-weather object detection');
    expect(taskOf('text-to-speech synthesis corpora')).toBe('text-to-speech synthesis');
    expect(taskOf('data for a sequence-to-sequence task')).toBe('sequence-to-sequence');
    // A task verb's object keeps its hyphenated word whole, counting it as one of its two words.
    expect(taskOf('datasets for detecting face-swap deepfake videos')).toBe(
      'face-swap deepfake detection',
    );
    // Words apart are still read as before: the filler goes, the preposition bounds the phrase.
    expect(taskOf('a few image classification sets for my thesis')).toBe('image classification');
  });

  it('leaves the task open when the request names none', () => {
    const constraints = extractConstraints('Something with medical images using transformers.');
    expect(constraints.task).toBeUndefined();
    expect(constraints.modality?.value).toBe('Image');
    expect(constraints.domain?.value).toBe('Medical');
    // Correctness is a property of the data, not error correction.
    expect(extractConstraints('with unit tests to check correctness').task).toBeUndefined();
    // "ground truth" says what the labels are, not a grounding task.
    expect(extractConstraints('stereo datasets with dense ground truth').task).toBeUndefined();
    expect(extractConstraints('ground-truth depth for indoor scenes').task).toBeUndefined();
  });

  it('reads short answers, negations, language codes and "no preference"', () => {
    expect(interpretAnswer({ slot: 'modality', answer: 'images, not video' })).toBe('Image');
    expect(interpretAnswer({ slot: 'language', answer: 'German' })).toBe('German');
    expect(interpretAnswer({ slot: 'language', answer: 'zh' })).toBe('Chinese');
    expect(interpretAnswer({ slot: 'task', answer: 'No preference' })).toBeNull();
    expect(interpretAnswer({ slot: 'domain', answer: "doesn't matter" })).toBeNull();
    // An answer opening with "any will do" gives examples, not a choice, in any language.
    for (const answer of [
      "Peu importe la tâche : recherche d'articles de loi, résumé de décisions, etc.",
      'any task really, e.g. retrieval or summarisation',
      'Da igual, cualquier tarea',
    ])
      expect(interpretAnswer({ slot: 'task', answer })).toBeNull();
    expect(interpretAnswer({ slot: 'task', answer: 'anything with summaries' })).toBe(
      'anything with summaries',
    );
    expect(interpretAnswer({ slot: 'task', answer: 'named entity recognition' })).toBe(
      'named entity recognition',
    );
    expect(interpretAnswer({ slot: 'textLength', answer: 'long documents please' })).toBe('long');
  });

  it('finds a task named as "… tasks" and a misspelt task word', () => {
    expect(extractConstraints('Objective functions for sequence-to-sequence tasks.').task).toEqual({
      value: 'sequence-to-sequence',
      source: 'request',
    });
    // The phrase does not reach back over "for": "images face recogntion" had been the task.
    expect(extractConstraints('Representations of images for face recogntion').task?.value).toBe(
      'face recogntion',
    );
    expect(
      extractConstraints('I need a dataset for question answering over papers').task?.value,
    ).toBe('question answering');
    expect(extractConstraints('looking for a benchmark for image captioning').task?.value).toBe(
      'image captioning',
    );
    // A task word right after the first belongs to the phrase; "need" and "hmm" do not.
    expect(extractConstraints('I need a question answering set for my reader').task?.value).toBe(
      'question answering',
    );
    expect(extractConstraints('hmm keypoint detection then').task?.value).toBe(
      'keypoint detection',
    );
    // A task phrase does not reach over a comma.
    expect(
      extractConstraints('ok any corpus works, it just needs a transcription').task?.value,
    ).toBe('transcription');
    // A past participle describes the data, it names no task.
    expect(extractConstraints('hours of transcribed radio').task).toBeUndefined();
    // "as long as" is a conjunction, not a text length.
    expect(
      extractConstraints('any corpus works as long as it is transcribed audio').textLength,
    ).toBeUndefined();
    // Nor is the start of a compound: "long-wave infrared", "short-range radar".
    expect(extractConstraints('the sensor is long-wave infrared').textLength).toBeUndefined();
    expect(extractConstraints('short-range radar sweeps').textLength).toBeUndefined();
    expect(extractConstraints('long documents please').textLength?.value).toBe('long');
    // Short words are not stretched to a task word ("track" is one, "trick" is not).
    expect(extractConstraints('A new trick for faster convolutions').task).toBeUndefined();
  });
});
