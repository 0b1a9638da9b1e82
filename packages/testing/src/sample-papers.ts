/**
 * @module The small hand-written papers tests share (written for the tests, not copied from any
 * source), with sections, sentences and character offsets laid out the way the ingest parsers lay
 * them out: translation and segmentation papers for frame-index tests, a street-scene and a reader
 * paper for the LangChain adapter tests.
 */
import { paperFrom } from './paper-from.js';

export const translationPaper = paperFrom({
  id: 'paper-translation',
  title: 'Attention for Translation',
  year: 2017,
  sections: [
    {
      title: 'Abstract',
      sentences: [
        'We propose a novel attention model for machine translation.',
        'The model reaches 28.4 BLEU on the WMT 2014 English-German test set.',
      ],
    },
    {
      title: 'Experiments',
      sentences: [
        'We train with Adam and a learning rate of 0.001 for 20 epochs.',
        'Training takes three days on eight GPUs.',
        'The vocabulary holds 32000 subword units.',
      ],
    },
    {
      title: 'Conclusion',
      sentences: [
        'A limitation of the approach is its quadratic memory in the sentence length.',
        'We leave document-level translation for future work.',
      ],
    },
  ],
});

export const segmentationPaper = paperFrom({
  id: 'paper-segmentation',
  title: 'Residual Networks for Street Scenes',
  year: 2016,
  sections: [
    {
      title: 'Abstract',
      sentences: [
        'Semantic segmentation assigns a class label to every pixel.',
        'Our network reaches 71.8% mean IoU on the Cityscapes dataset.',
      ],
    },
    {
      title: 'Experiments',
      sentences: [
        'We use a batch size of 3 and train for 45000 iterations.',
        'Cityscapes contains images recorded in 50 different cities.',
      ],
    },
  ],
});

export const streetScenesPaper = paperFrom({
  id: 'paper-street-scenes',
  title: 'Dilated Convolutions for Street Scene Parsing',
  year: 2017,
  sections: [
    {
      title: 'Abstract',
      sentences: [
        'Semantic segmentation assigns a class label to every pixel of an image.',
        'Our network reaches 71.8% mean IoU on the Cityscapes dataset.',
      ],
    },
    {
      title: 'Experiments',
      sentences: [
        'We train with stochastic gradient descent and a learning rate of 0.01 for 90 epochs.',
        'The street images are recorded in 50 different cities.',
        'Training takes two days on four GPUs.',
      ],
    },
  ],
});

export const readerPaper = paperFrom({
  id: 'paper-reader',
  title: 'A Reader for Open-Domain Questions',
  year: 2018,
  sections: [
    {
      title: 'Abstract',
      sentences: [
        'We present a reader that answers open-domain questions over Wikipedia.',
        'The reader reaches 81.2 exact match on the SQuAD development set.',
      ],
    },
    {
      title: 'Experiments',
      sentences: [
        'We fine-tune the reader with Adam and a batch size of 32 for three epochs.',
        'A limitation of the reader is its quadratic memory in the passage length.',
      ],
    },
  ],
});

/** The frame-index tests' pair. */
export const samplePapers = [translationPaper, segmentationPaper];

/** The LangChain adapter tests' pair. */
export const adapterSamplePapers = [streetScenesPaper, readerPaper];
