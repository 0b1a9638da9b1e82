/** Whether a sentence mentions that very dataset: longer names, ambiguous names and their cues. */
import { describe, expect, it } from 'vitest';
import {
  createDatasetNameMatcher,
  datasetNameKind,
  partOfLongerName,
} from './dataset-name-match.js';

function matcherFor(names: string[]) {
  const matcher = createDatasetNameMatcher(names);
  if (matcher === null) throw new Error('expected a matcher');
  return (text: string) => matcher.mentions(text);
}

describe('datasetNameKind', () => {
  it.each([
    ['Digits', 'ambiguous'],
    ['seeds', 'ambiguous'],
    ['MAP', 'ambiguous'],
    ['KITTI', 'ambiguous'],
    ['Cityscapes', 'ambiguous'],
    ['Zhang et al', 'ambiguous'],
    ['MNIST', 'ambiguous'],
    ['PDEs', 'ambiguous'],
    ['CIFAR-10', 'distinctive'],
    ['Fashion-MNIST', 'distinctive'],
    ['ImageNet', 'distinctive'],
    ['CoLA', 'distinctive'],
    ['Penn Treebank', 'distinctive'],
    ['Places365', 'distinctive'],
    ['Optical Recognition of Handwritten Digits', 'distinctive'],
  ] as const)('%s is %s', (name, kind) => {
    expect(datasetNameKind(name)).toBe(kind);
  });
});

describe('longer names holding the name', () => {
  const mnist = matcherFor(['MNIST', 'MNIST-full']);

  it('does not take another dataset whose name holds it for it', () => {
    expect(mnist('Our toy model reaches 91% on the Fashion-MNIST dataset.')).toBe(false);
    expect(mnist('Handwritten letters of the EMNIST dataset are harder.')).toBe(false);
    expect(mnist('The adaptation target is the MNIST-M dataset of coloured strokes.')).toBe(false);
    expect(mnist('We also train on the Fashion MNIST dataset of clothing photos.')).toBe(false);
    expect(mnist('Sequences from the Moving MNIST dataset are ten frames long.')).toBe(false);
  });

  it('keeps a distinctive name qualified by a capitalised word after it', () => {
    const conll = matcherFor(['CoNLL-2012']);
    expect(conll('We report F1 on the CoNLL-2012 English test set.')).toBe(true);
  });

  it('keeps a distinctive name after a sentence-opening word', () => {
    expect(matcherFor(['SimpleQuestions'])('Using SimpleQuestions, we pick 500 questions.')).toBe(
      true,
    );
  });

  it('keeps the name itself, also beside a longer one or with a plain modifier', () => {
    expect(mnist('We report error rates on the MNIST dataset.')).toBe(true);
    expect(mnist('Compared with Fashion-MNIST, the MNIST dataset is nearly solved.')).toBe(true);
    expect(mnist('An MNIST-trained classifier scores each dataset.')).toBe(true);
  });

  it('tells CIFAR-10 from CIFAR-100 and its corrupted copy', () => {
    const cifar10 = matcherFor(['CIFAR-10']);
    expect(cifar10('All models are trained on CIFAR-100 for 200 epochs.')).toBe(false);
    expect(cifar10('Robustness is measured on CIFAR-10-C with 15 corruptions.')).toBe(false);
    expect(cifar10('All models are trained on CIFAR-10 for 200 epochs.')).toBe(true);
  });

  it('does not take a name opening an identifier for the dataset', () => {
    const dblp = matcherFor(['DBLP']);
    expect(dblp('The dataset is cited as DBLP:conf/toy/Doe19 in the list.')).toBe(false);
    expect(dblp('The dataset is cited as DBLP: journals/toy/Doe19 in the list.')).toBe(false);
    expect(dblp('The DBLP dataset links authors to papers.')).toBe(true);
  });

  it('finds the joins by position; a capitalised word before a distinctive name is no join', () => {
    const joined = 'the Fashion-MNIST set';
    const at = joined.indexOf('MNIST');
    expect(partOfLongerName({ text: joined, start: at, end: at + 5, kind: 'ambiguous' })).toBe(
      true,
    );
    const plain = 'On MNIST we win';
    expect(partOfLongerName({ text: plain, start: 3, end: 8, kind: 'ambiguous' })).toBe(false);
    const qualified = 'We use PASCAL VOC 2012 for training';
    const voc = qualified.indexOf('VOC');
    expect(
      partOfLongerName({ text: qualified, start: voc, end: voc + 8, kind: 'distinctive' }),
    ).toBe(false);
    expect(partOfLongerName({ text: qualified, start: voc, end: voc + 8, kind: 'ambiguous' })).toBe(
      true,
    );
  });
});

describe('ambiguous names', () => {
  const digits = matcherFor(['Digits', 'Optical Recognition of Handwritten Digits']);

  it('does not take an ordinary word or another name holding it for the dataset', () => {
    expect(digits('Digits are written with a stylus on a tablet.')).toBe(false);
    expect(
      digits(
        'We collected the MADBase corpus, also known as the Arabic Handwritten Digits Database.',
      ),
    ).toBe(false);
  });

  it('counts it where a cue word or a distinctive name of the dataset is near', () => {
    expect(digits('Our second benchmark is the Digits dataset of 1797 small images.')).toBe(true);
    expect(
      digits('Images of Digits come from Optical Recognition of Handwritten Digits at UCI.'),
    ).toBe(true);
  });

  it('does not take an acronym spelled like the dataset for it', () => {
    const map = matcherFor(['MAP']);
    expect(
      map('On the WikiQA dataset our reranker gains about two points of MAP over the best CNN.'),
    ).toBe(false);
    const ethics = matcherFor(['ETHICS', 'Ethics']);
    expect(ethics('The study was approved by the Hospital Ethics Committee in 2015.')).toBe(false);
  });

  it('counts an acronym in a list of datasets, or right before "data", "set" or "benchmark"', () => {
    const mars = matcherFor(['MARS']);
    expect(mars('Large person re-identification datasets such as MARS and PRW help.')).toBe(true);
    expect(mars('Training on MARS data alone overfits.')).toBe(true);
    expect(mars('We evaluate on the MARS test set.')).toBe(true);
    expect(mars('Our tracker leads the MARS benchmark.')).toBe(true);
    expect(mars('Tracklets of MARS are longer than ours.')).toBe(false);
  });

  it('does not take a cue word for a dataset far off, or a name part beside the name', () => {
    const lunix = matcherFor(['Lunix']);
    expect(lunix('All benchmarks were run on a Lunix desktop with 32 GB of memory.')).toBe(false);
    const bingle = matcherFor(['Bingle']);
    expect(bingle('The dataset holds photos of shop fronts taken by Bingle Street Cars.')).toBe(
      false,
    );
    expect(bingle('Photos crawled from Bingle make up the dataset.')).toBe(true);
  });

  it('takes a lower-case name only right before a cue word, and never an owner', () => {
    const pips = matcherFor(['pips']);
    expect(pips('We fix the random pips of the model and of the dataset loader.')).toBe(false);
    expect(pips('Results on the pips dataset are in Table 3.')).toBe(true);
    const bingle = matcherFor(['Bingle']);
    expect(bingle("The dataset holds images of Bingle's map tiles.")).toBe(false);
  });

  it('never looks for names shorter than three characters', () => {
    expect(createDatasetNameMatcher(['QA', ' MR '])).toBeNull();
  });
});
