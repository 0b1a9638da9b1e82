import { describe, expect, it } from 'vitest';
import {
  isReadableTitle,
  openingTextOf,
  readableTitle,
  runInTitle,
  titleExcerpt,
} from './paper-title.js';

describe('readable paper titles', () => {
  it('refuses ids, hashes, addresses, file names, running headers and bare headings', () => {
    for (const title of [
      '0985497d1de3ffd11713e75289cc2ad55836623d',
      'My-paper-3f9a0c1b2d4e',
      'about:blank',
      'https://example.org/paper',
      'Microsoft Word - draft7.docx',
      'paper_final.pdf',
      'Appendix',
      'Appendix B',
      'Supplementary Material',
      'Abstract',
      '1 Introduction',
      'References',
      'Published as a conference paper at ICLR 2019',
      'x',
      '2019',
    ])
      expect({ title, readable: isReadableTitle(title) }).toEqual({ title, readable: false });
    expect(isReadableTitle('Paper One', 'Paper One')).toBe(false);
  });

  it('keeps real titles as they are, spaces tidied', () => {
    for (const title of [
      'Attention Is All You Need',
      'DeepLab: Semantic Image Segmentation with Deep Convolutional Nets',
      'Ein Datensatz für deutsche Tweets',
      'BERT',
    ])
      expect(readableTitle({ id: 'p', title, openingText: '', text: '' })).toEqual({
        title,
        source: 'kept',
      });
    expect(
      readableTitle({ id: 'p', title: '  Two\n Lines ', openingText: '', text: '' }).title,
    ).toBe('Two Lines');
  });

  it('takes the first line of the opening that reads as a title', () => {
    const openingText =
      'Appendix\n\nSupplementary Material\nScene Text Detection with Linked Segments\nA. Author';
    expect(
      readableTitle({ id: 'p', title: 'about:blank', openingText, text: openingText }),
    ).toEqual({
      title: 'Scene Text Detection with Linked Segments',
      source: 'text-line',
    });
  });

  it('drops a venue header run into the title', () => {
    const title =
      'Published as a conference paper at ICLR 2016 REASONING ABOUT ENTAILMENT WITH NEURAL ATTENTION';
    expect(readableTitle({ id: 'p', title, openingText: '', text: '' })).toEqual({
      title: 'REASONING ABOUT ENTAILMENT WITH NEURAL ATTENTION',
      source: 'without-header',
    });
  });

  it('splits a title-case title from the sentence it runs into', () => {
    expect(
      runInTitle(
        'Local Decorrelation For Improved Pedestrian Detection Even with the advent of boosted trees.',
      ),
    ).toBe('Local Decorrelation For Improved Pedestrian Detection');
    expect(
      runInTitle(
        'Deep Networks with Internal Selective Attention Traditional networks are static.',
      ),
    ).toBe('Deep Networks with Internal Selective Attention');
    expect(runInTitle('Machine reading comprehension on real web data is hard.')).toBeNull();
    expect(runInTitle('ALL CAPITALS')).toBeNull();
  });

  it('falls back to an excerpt of the first sentence, never the id', () => {
    const openingText =
      'Machine reading comprehension (MRC) on real web data usually requires the machine to answer a question. It is hard.';
    const derived = readableTitle({
      id: '0985497d1de3ffd11713e75289cc2ad55836623d',
      title: '0985497d1de3ffd11713e75289cc2ad55836623d',
      openingText,
      text: openingText,
      runIn: true,
    });
    expect(derived).toEqual({
      title: 'Machine reading comprehension (MRC) on real web data usually requires the machine…',
      source: 'excerpt',
    });
    expect(titleExcerpt('Short sentence here. Another one.')).toBe('Short sentence here');
    const headingsOnly = readableTitle({
      id: 'abc',
      title: '',
      openingText: 'Abstract',
      text: 'Abstract\n\nIntroduction\nTexts in natural scenes carry essential information.',
    });
    expect(headingsOnly.title).toBe('Texts in natural scenes carry essential information');
    expect(readableTitle({ id: 'abc', title: '', openingText: '', text: '' }).title).toBe(
      'Untitled paper',
    );
  });

  it('reads the opening from the sentences of the first section', () => {
    const text = 'Title line\nFirst sentence.\n\nMethods\nLater.';
    expect(
      openingTextOf({
        text,
        sentences: [
          { sectionIndex: 0, charEnd: 10 },
          { sectionIndex: 0, charEnd: 26 },
          { sectionIndex: 1, charEnd: 35 },
        ],
      }),
    ).toBe('Title line\nFirst sentence.');
  });
});
