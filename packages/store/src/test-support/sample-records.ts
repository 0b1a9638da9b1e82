/**
 * @module Small hand-written records for storage tests.
 */
import type { Dataset, Paper } from '@quarry/core';

export function sampleDataset(overrides: Partial<Dataset> = {}): Dataset {
  return {
    id: 'Toy Digits',
    name: 'Toy Digits',
    fullName: 'Toy Handwritten Digits',
    description: 'Small grey-scale images of handwritten digits for classification.',
    year: 2001,
    introducedDate: '2001-05-01',
    modalities: ['Images'],
    tasks: ['Image Classification'],
    languages: [],
    variants: ['ToyDigits', 'Toy-Digits'],
    paperTitle: 'A toy paper',
    paperUrl: null,
    homepage: null,
    numPapers: 12,
    size: '1,000 images',
    source: 'starter',
    extra: { license: 'CC0' },
    ...overrides,
  };
}

export function samplePaper(overrides: Partial<Paper> = {}): Paper {
  const sentences = [
    'We study toy digits.',
    'Our model reaches 99.1% accuracy.',
    'Results are in Table 2.',
  ];
  const text = `${sentences[0]} ${sentences[1]}\n\n${sentences[2]}`;
  const first = sentences[0] ?? '';
  const second = sentences[1] ?? '';
  const third = sentences[2] ?? '';
  const thirdStart = text.indexOf(third);
  return {
    id: 'paper-1',
    title: 'Learning from toy digits',
    abstract: null,
    year: 2020,
    authors: ['A. Author'],
    url: null,
    source: 'text',
    text,
    sections: [
      { index: 0, title: 'Introduction' },
      { index: 1, title: 'Results' },
    ],
    sentences: [
      {
        index: 0,
        sectionIndex: 0,
        text: first,
        charStart: 0,
        charEnd: first.length,
        sourceIndex: null,
        page: null,
      },
      {
        index: 1,
        sectionIndex: 0,
        text: second,
        charStart: first.length + 1,
        charEnd: first.length + 1 + second.length,
        sourceIndex: null,
        page: null,
      },
      {
        index: 2,
        sectionIndex: 1,
        text: third,
        charStart: thirdStart,
        charEnd: thirdStart + third.length,
        sourceIndex: 7,
        page: 2,
      },
    ],
    extra: {},
    ...overrides,
  };
}
