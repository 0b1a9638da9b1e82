import { describe, expect, it } from 'vitest';
import { isOwnWorkQuestion, sectionPenaltyFor } from './section-preference.js';

describe('isOwnWorkQuestion', () => {
  it.each([
    'What are the limitations?',
    'How was the method evaluated?',
    'Which datasets did they test on?',
    'What results do the authors report?',
    'What did this paper find about sparsity?',
    'How well does the proposed tagger perform?',
    'What baselines were compared?',
    'How does their method compare with existing methods?',
  ])('reads "%s" as about the paper\'s own work', (question) => {
    expect(isOwnWorkQuestion(question)).toBe(true);
  });

  it.each([
    'What prior work used attention for parsing?',
    'Which existing methods fail on long documents?',
    'What do previous approaches to entity linking assume?',
    'Who wrote the related work on knowledge graphs?',
    'What is a knowledge graph?',
  ])('does not read "%s" as about the paper\'s own work', (question) => {
    expect(isOwnWorkQuestion(question)).toBe(false);
  });
});

describe('sectionPenaltyFor', () => {
  it('penalises related work, captions and the bibliography for an own-work question', () => {
    const penalty = sectionPenaltyFor('What are the limitations of their approach?');
    expect(penalty).not.toBeNull();
    expect(penalty?.({ sectionRole: 'related-work' })).toBe(1);
    expect(penalty?.({ sectionRole: 'background' })).toBe(1);
    expect(penalty?.({ sectionKind: 'caption', sectionRole: 'other' })).toBe(0.25);
    expect(penalty?.({ sectionKind: 'footnote' })).toBe(1);
    expect(penalty?.({ sectionKind: 'references', sectionRole: 'references' })).toBe(1);
    expect(penalty?.({ sectionRole: 'acknowledgements' })).toBe(1);
    expect(penalty?.({ sectionRole: 'limitations' })).toBe(0);
    expect(penalty?.({ sectionRole: 'experiments' })).toBe(0);
    expect(penalty?.({ sectionRole: 'introduction' })).toBe(0);
    expect(penalty?.({ sectionKind: 'table', sectionRole: 'results' })).toBe(0);
    expect(penalty?.({})).toBe(0);
  });

  it('spares captions when the question names a figure or a table', () => {
    const penalty = sectionPenaltyFor('What does Figure 3 show about their results?');
    expect(penalty?.({ sectionKind: 'caption' })).toBe(0);
    expect(penalty?.({ sectionRole: 'related-work' })).toBe(1);
  });

  it('keeps only the bibliography down for a question about other work', () => {
    const penalty = sectionPenaltyFor('What prior work studied staleness?');
    expect(penalty?.({ sectionRole: 'related-work' })).toBe(0);
    expect(penalty?.({ sectionKind: 'references', sectionRole: 'references' })).toBe(1);
    expect(sectionPenaltyFor('Which paper introduced the staleness model they cite?')).toBeNull();
  });
});
