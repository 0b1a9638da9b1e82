import { describe, expect, it } from 'vitest';
import { englishCorrectionOpening, readCorrectionWording } from './correction-wording.js';

describe('correction wording', () => {
  it('reads what follows the words that announce a correction', () => {
    for (const [message, rest] of [
      ['no no, I meant hate speech', 'hate speech'],
      ['sorry, I should have said depth estimation', 'depth estimation'],
      ['let me correct that: music genre classification', 'music genre classification'],
      ['wrong word on my side: handwritten text', 'handwritten text'],
      ['to be precise: question answering over tables', 'question answering over tables'],
      ['oh I meant 3D detection', '3D detection'],
      ['my mistake, it should be video clips', 'video clips'],
      ['no wait, I meant face detection', 'face detection'],
      ['I got that wrong: dialogue data', 'dialogue data'],
      ['actually no: telephone speech', 'telephone speech'],
      ['Mistake on my side, the pair is English-Vietnamese', 'the pair is English-Vietnamese'],
      ['no, I misdescribed it. multivariate series', 'multivariate series'],
      ['one more thing I got wrong: news articles', 'news articles'],
      ['Had that backwards. simulated benchmarks', 'simulated benchmarks'],
      ['small fix though: the dialogues are Chinese', 'the dialogues are Chinese'],
      ['I mixed the two up, Vietnamese', 'Vietnamese'],
      [
        "hm ok, I described my problem wrong. it's single-object tracking",
        "it's single-object tracking",
      ],
      [
        "scratch that, I described the wrong project. it's source separation",
        "it's source separation",
      ],
    ])
      expect(readCorrectionWording(message!).text, message).toBe(rest);
  });

  it('takes back what the person says they wrote', () => {
    expect(readCorrectionWording('I wrote classification but I meant detection')).toEqual({
      text: 'detection',
      takenBack: 'classification',
    });
    expect(
      readCorrectionWording("I wrote radiographs but that's wrong - I need CT scans of lungs"),
    ).toEqual({ text: 'I need CT scans of lungs', takenBack: 'radiographs' });
    expect(
      readCorrectionWording('Ah, I said recognition but I need temporal action localization'),
    ).toEqual({ text: 'temporal action localization', takenBack: 'recognition' });
    expect(readCorrectionWording('hmm I typed chinese but the project is korean. MRC')).toEqual({
      text: 'korean. MRC',
      takenBack: 'chinese',
    });
    expect(
      readCorrectionWording("scratch the biomedical part — it's legal documents. Long inputs"),
    ).toEqual({ text: 'legal documents. Long inputs', takenBack: 'biomedical' });
    expect(readCorrectionWording("oh no, I wrote English. it's Mandarin. And word-level")).toEqual({
      text: 'Mandarin. And word-level',
      takenBack: 'English',
    });
  });

  it('does not read a refinement that opens with a filler as a correction', () => {
    for (const message of [
      'actually, only from 2019',
      'ok and in French?',
      'it should be smaller',
      'nothing synthetic',
      'no synthetic data please',
    ])
      expect(englishCorrectionOpening.test(message), message).toBe(false);
  });
});
