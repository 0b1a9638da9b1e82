/**
 * @module One small hand-written paper for route tests, with offsets into its text.
 */
import type { Paper } from '@quarry/core';

const sentences = [
  { section: 0, text: 'We propose a segment linking model for oriented text detection.' },
  { section: 0, text: 'It runs at 20 FPS on 512 pixel images.' },
  { section: 1, text: 'We use a learning rate of 0.001 and a batch size of 32.' },
  { section: 1, text: 'The detector reaches 75.0% f-measure on ICDAR 2015.' },
];

function build(): Paper {
  let text = '';
  const built = sentences.map((sentence, index) => {
    const previous = sentences[index - 1];
    if (previous) text += previous.section === sentence.section ? ' ' : '\n\n';
    const charStart = text.length;
    text += sentence.text;
    return {
      index,
      sectionIndex: sentence.section,
      text: sentence.text,
      charStart,
      charEnd: text.length,
      sourceIndex: index,
      page: null,
    };
  });
  return {
    id: 'seglink',
    title: 'Detecting Oriented Text',
    abstract: null,
    year: 2017,
    authors: ['A. Author'],
    url: null,
    source: 'text',
    text,
    sections: [
      { index: 0, title: 'Abstract' },
      { index: 1, title: 'Experiments' },
    ],
    sentences: built,
    extra: {},
  };
}

export const routePaper = build();
