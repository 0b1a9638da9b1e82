/**
 * @module A dozen small generated papers for the search-backend contract tests: sentences drawn
 * deterministically from shared phrases, so terms repeat across papers with different frequencies
 * and BM25 statistics, ties and candidates behave as in a real collection.
 */
import type { Paper } from '@quarry/core';
import { paperFrom } from '@quarry/testing';

const subjects = ['The encoder', 'Our detector', 'The parser', 'A transformer', 'The baseline'];
const verbs = ['reaches', 'improves', 'reports', 'loses', 'keeps'];
const objects = [
  '71.8% mean IoU on Cityscapes',
  '28.4 BLEU on WMT 2014',
  'a learning rate of 0.001 with Adam',
  'accuracy on the SQuAD development set',
  'recall on the COCO detection benchmark',
  'perplexity on the Penn Treebank',
];
const tails = ['after 20 epochs.', 'in 2019.', 'with eight GPUs.', 'on every split.', '.'];

function sentence(paper: number, position: number): string {
  const pick = <T>(items: readonly T[], salt: number): T =>
    items[(paper * 7 + position * salt) % items.length] as T;
  return `${pick(subjects, 3)} ${pick(verbs, 5)} ${pick(objects, 11)} ${pick(tails, 13)}`.replace(
    ' .',
    '.',
  );
}

export function generatedPaper(paper: number, idPrefix = 'generated'): Paper {
  return paperFrom({
    id: `${idPrefix}-${paper}`,
    title: `Study ${paper} of ${objects[paper % objects.length]?.split(' on ')[1] ?? 'models'}`,
    year: 2010 + paper,
    sections: [
      { title: 'Abstract', sentences: [0, 1, 2].map((position) => sentence(paper, position)) },
      {
        title: paper % 2 === 0 ? 'Experiments' : 'Results',
        sentences: [3, 4, 5, 6].map((position) => sentence(paper, position)),
      },
    ],
  });
}

export function generatedPapers(count: number, idPrefix = 'generated'): Paper[] {
  return Array.from({ length: count }, (_, paper) => generatedPaper(paper, idPrefix));
}
