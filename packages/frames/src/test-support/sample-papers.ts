/**
 * @module Small hand-written papers for frame-index tests: two short "papers" with sections,
 * sentences and offsets built the way the ingest parsers build them.
 */
import { paperFrom } from '@quarry/testing';

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

export const samplePapers = [translationPaper, segmentationPaper];
