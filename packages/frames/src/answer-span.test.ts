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
    expect(expectedAnswerKind('How well does the baseline score on DBLP?')).toBe('number');
    expect(expectedAnswerKind('How precise is the tagger?')).toBe('number');
    expect(expectedAnswerKind('What median time does the search need?')).toBe('number');
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

describe('research-paper answer kinds', () => {
  it('reads limitation, future-work and hardware questions worded without the paper words', () => {
    expect(expectedAnswerKind('What shortcomings do the authors acknowledge?')).toBe('limitation');
    expect(expectedAnswerKind('What are the main drawbacks of the method?')).toBe('limitation');
    expect(expectedAnswerKind('What do they plan to look into next?')).toBe('future');
    expect(expectedAnswerKind('What hardware did they use?')).toBe('hardware');
    expect(expectedAnswerKind('Why does the method fail to converge?')).toBe('reason');
  });

  it('finds sentences that hold such an answer and not others', () => {
    const limitation = answerTypeTest('What weaknesses do the authors admit?');
    expect(limitation?.('Our work has several limitations in the temporal model.')).toBe(true);
    expect(limitation?.('The model cannot handle long documents.')).toBe(true);
    expect(limitation?.('We train the model for ten epochs.')).toBe(false);
    const future = answerTypeTest('What is planned as future research?');
    expect(future?.('In future work we will extend the parser to tables.')).toBe(true);
    expect(future?.('We extend the parser to tables.')).toBe(false);
    const hardware = answerTypeTest('What hardware was used?');
    expect(hardware?.('Training took three days on eight V100 GPUs.')).toBe(true);
    expect(hardware?.('We ran it on a cluster of four nodes with 2.2GHz processors.')).toBe(true);
    expect(hardware?.('Training took three days.')).toBe(false);
  });

  it('highlights the hardware itself', () => {
    const span = highlightAnswerSpan({
      question: 'What hardware did they train on?',
      sentence: 'Training took three days on eight V100 GPUs.',
    });
    expect(span?.kind).toBe('hardware');
    expect(span?.text).toMatch(/V100/);
  });
});
