/**
 * @module Two small hand-written papers for the LangChain adapter tests, with sections, sentences
 * and character offsets laid out the way the ingest parsers lay them out.
 */
import { paperFrom } from '@quarry/testing';

export const segmentationPaper = paperFrom({
  id: 'paper-segmentation',
  title: 'Residual Networks for Street Scenes',
  year: 2016,
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

export const samplePapers = [segmentationPaper, readerPaper];
