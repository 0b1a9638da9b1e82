import { describe, expect, it } from 'vitest';
import { answerTypeTest, expectedAnswerKind, highlightAnswerSpan } from './answer-span.js';

describe('expectedAnswerKind', () => {
  it('reads the answer type from the question', () => {
    expect(expectedAnswerKind('How many layers does the encoder have?')).toBe('number');
    expect(expectedAnswerKind('What accuracy does it reach on SNLI?')).toBe('number');
    expect(expectedAnswerKind('When was the dataset released?')).toBe('time');
    expect(expectedAnswerKind('Which optimizer is used?')).toBe('name');
    expect(expectedAnswerKind('Who introduced dropout?')).toBe('name');
    expect(expectedAnswerKind('Why does it work?')).toBe('reason');
    expect(expectedAnswerKind('What is the motivation for the gate?')).toBe('reason');
    expect(expectedAnswerKind('How does it work?')).toBeNull();
  });
});

describe('highlightAnswerSpan', () => {
  it('marks a number, not a citation or a number from the question', () => {
    const sentence = 'Following [12], the model reaches 71.8% mean IoU on Cityscapes with 3 GPUs.';
    const span = highlightAnswerSpan({ question: 'What mean IoU does the model reach?', sentence });
    expect(span).toMatchObject({ text: '71.8%', kind: 'number' });
    expect(sentence.slice(span?.start, span?.end)).toBe('71.8%');
  });

  it('marks a capitalised name that the question does not contain', () => {
    const span = highlightAnswerSpan({
      question: 'Which optimizer is used for training?',
      sentence: 'We train the network with Adam and a small learning rate.',
    });
    expect(span).toMatchObject({ text: 'Adam', kind: 'name' });
  });

  it('marks the clause that gives the reason a "why" question asks for', () => {
    const span = highlightAnswerSpan({
      question: 'Why are five models trained?',
      sentence:
        'We train five models in order to smooth out the effect of seeds; the median is shown.',
    });
    expect(span).toMatchObject({
      text: 'in order to smooth out the effect of seeds',
      kind: 'reason',
    });
  });

  it('returns null when the type is unclear or nothing fits', () => {
    expect(
      highlightAnswerSpan({ question: 'Why is it fast?', sentence: 'It uses 3 layers.' }),
    ).toBeNull();
    expect(
      highlightAnswerSpan({
        question: 'How is it fast?',
        sentence: 'It is fast because it is small.',
      }),
    ).toBeNull();
    expect(
      highlightAnswerSpan({ question: 'How many layers?', sentence: 'It is deep.' }),
    ).toBeNull();
  });
});

describe('answerTypeTest', () => {
  it('tells which sentences hold the kind of answer a question asks for', () => {
    const holdsYear = answerTypeTest('When was the dataset released?');
    expect(holdsYear?.('The dataset was released in 2014.')).toBe(true);
    expect(holdsYear?.('The dataset was released by Stanford.')).toBe(false);
    // A number the question already names is not an answer.
    expect(answerTypeTest('How many layers after 2015?')?.('Since 2015 deep nets grew.')).toBe(
      false,
    );
  });

  it('is null for a question that asks for no particular kind of answer', () => {
    expect(answerTypeTest('How does dropout help?')).toBeNull();
    expect(answerTypeTest('Why does dropout help?')?.('Dropout helps since it adds noise.')).toBe(
      true,
    );
  });
});
