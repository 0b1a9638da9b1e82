import { describe, expect, it } from 'vitest';
import {
  collectHyphenationEvidence,
  joinWrappedLine,
  judgeLineEndHyphen,
} from './line-end-hyphenation.js';

/** Joins `lines` as the layout joins a paragraph's lines, with evidence from `paperLines`. */
function joined(lines: readonly string[], paperLines: readonly string[] = lines): string {
  const evidence = collectHyphenationEvidence(paperLines);
  return lines.reduce((text, nextLine) => joinWrappedLine({ text, nextLine, evidence }), '');
}

describe('collectHyphenationEvidence', () => {
  it('records words, parts of hyphenated words and hyphenated forms written within a line', () => {
    const evidence = collectHyphenationEvidence(['A state-of-the-art low-resource model.']);
    expect([...evidence.words]).toEqual(
      expect.arrayContaining(['a', 'state', 'of', 'the', 'art', 'low', 'resource', 'model']),
    );
    expect([...evidence.hyphenatedForms]).toEqual(
      expect.arrayContaining(['state-of-the-art', 'of-the', 'the-art', 'low-resource']),
    );
  });

  it('leaves out both fragments of a word broken at a line end', () => {
    const evidence = collectHyphenationEvidence(['We add a regu-', 'larization term.']);
    expect(evidence.words.has('regu')).toBe(false);
    expect(evidence.words.has('larization')).toBe(false);
    expect(evidence.words.has('term')).toBe(true);
    expect(evidence.words.has('add')).toBe(true);
  });
});

describe('line-end hyphenation', () => {
  it('joins a word broken at a line end, without the hyphen', () => {
    expect(joined(['We add a regu-', 'larization term.'])).toBe('We add a regularization term.');
  });

  it('joins when the joined word occurs elsewhere in the paper, even if the hyphenated form does', () => {
    const paper = ['Multitask models help.', 'A multi-task model and a multi-', 'task loss.'];
    expect(joined(['A multi-', 'task loss.'], paper)).toBe('A multitask loss.');
  });

  it('keeps a compound hyphen whose hyphenated form occurs mid-line elsewhere', () => {
    const paper = ['Deadlock-prone hops are merged.', 'We merge deadlock-', 'prone hops.'];
    expect(joined(['We merge deadlock-', 'prone hops.'], paper)).toBe(
      'We merge deadlock-prone hops.',
    );
    const lowResource = ['Low-resource languages.', 'for low-', 'resource settings'];
    expect(joined(['for low-', 'resource settings'], lowResource)).toBe(
      'for low-resource settings',
    );
  });

  it('keeps a compound with a common head when the first part is a word of the paper', () => {
    const paper = ['The gradient is small.', 'Gradient-', 'based learning works.'];
    expect(joined(['Gradient-', 'based learning works.'], paper)).toBe(
      'Gradient-based learning works.',
    );
    // "pre" is no word of the paper: a syllable break.
    expect(joined(['Embeddings are pre-', 'trained on news.'])).toBe(
      'Embeddings are pretrained on news.',
    );
  });

  it('keeps a compound with a common modifier when both parts are words of the paper', () => {
    const paper = [
      'Multi-agent stores keep a version.',
      'to account for multi-',
      'version staleness',
    ];
    expect(joined(['to account for multi-', 'version staleness'], paper)).toBe(
      'to account for multi-version staleness',
    );
    // "est" is no word of the paper.
    expect(joined(['The low-', 'est risk.'], ['A low risk.', 'The low-', 'est risk.'])).toBe(
      'The lowest risk.',
    );
  });

  it('keeps a common modifier before a word of the paper though the paper writes it nowhere else', () => {
    const paper = ['Each keyphrase is kept.', 'either a keyphrase or non-', 'keyphrase here.'];
    expect(joined(['either a keyphrase or non-', 'keyphrase here.'], paper)).toBe(
      'either a keyphrase or non-keyphrase here.',
    );
    // "ple" is no word of the paper: a syllable break after "multi".
    expect(joined(['We run multi-', 'ple seeds.'], ['We run multi-', 'ple seeds.'])).toBe(
      'We run multiple seeds.',
    );
  });

  it('keeps a compound of two content words the paper writes on their own, lower case, mid-line', () => {
    const paper = [
      'The models are optimized well.',
      'Each parameter is set. We develop parameter-',
      'optimized models.',
    ];
    expect(joined(['We develop parameter-', 'optimized models.'], paper)).toBe(
      'We develop parameter-optimized models.',
    );
    // A word that shares the joined word's stem: a closed compound ("frameworks").
    const closed = [
      'A frame and its work.',
      'Our framework is new.',
      'Other frame-',
      'works exist.',
    ];
    expect(joined(['Other frame-', 'works exist.'], closed)).toBe('Other frameworks exist.');
    // A function word: "sometimes" is one word.
    const function_ = ['Take some rest.', 'Many times over.', 'It some-', 'times fails.'];
    expect(joined(['It some-', 'times fails.'], function_)).toBe('It sometimes fails.');
  });

  it('keeps a compound of two English words whose joined form is no word, the paper aside', () => {
    // The shipped word list knows "general" and "purpose", not "generalpurpose".
    expect(joined(['a general-', 'purpose design'])).toBe('a general-purpose design');
    // A prefix goes either way ("pre-trained", "pretrained"): a syllable break.
    expect(joined(['are pre-', 'trained here'])).toBe('are pretrained here');
    // A joined form that is a word ("network") is a syllable break.
    expect(joined(['a net-', 'work here'])).toBe('a network here');
    // Without a vocabulary the rule is left out.
    const evidence = collectHyphenationEvidence(['a general-', 'purpose design'], new Set());
    expect(joinWrappedLine({ text: 'a general-', nextLine: 'purpose design', evidence })).toBe(
      'a generalpurpose design',
    );
  });

  it('does not take a name, a line-start fragment or a word before a line-end hyphen for a word', () => {
    // Names are capitalised: "Ying Wei", "Tao Li".
    const names = ['By Ying Wei and Tao Li.', 'Jingzhi Cui, Ying-', 'tao Zhang'];
    expect(joined(['Jingzhi Cui, Ying-', 'tao Zhang'], names)).toBe('Jingzhi Cui, Yingtao Zhang');
    // "ical" starts a line whose break the reading order put apart: a fragment, not a word.
    const fragments = [
      'We keep a log of runs in order.',
      'a typ-',
      'A figure.',
      'ical case and',
      'a log-',
      'ical sequence',
    ];
    expect(joined(['a log-', 'ical sequence'], fragments)).toBe('a logical sequence');
  });

  it('joins a name in capitals broken inside when the paper writes it whole, and no other', () => {
    const paper = [
      'We score with ERRANT and BLEU.',
      'Scores of ER-',
      'RANT and of BLEU-',
      'RT differ.',
    ];
    expect(joined(paper.slice(1), paper)).toBe('Scores of ERRANT and of BLEU-RT differ.');
  });

  it('keeps the hyphen that breaks a word already holding one, whatever the paper writes', () => {
    const paper = ['Today we talk.', 'Their day-to-', 'day work and a state-of-the-', 'art model.'];
    expect(joined(paper.slice(1), paper)).toBe(
      'Their day-to-day work and a state-of-the-art model.',
    );
    const name = [
      'As Danescu-Niculescu-Mizil showed,',
      'the tool of Danescu-Nicu-',
      'lescu-Mizil.',
    ];
    expect(joined(name.slice(1), name)).toBe('the tool of Danescu-Niculescu-Mizil.');
  });

  it('joins a broken word that is one of the most frequent English words', () => {
    const paper = [
      'Each frame of the video is one unit of work for the model.',
      'We propose a frame-',
      'work for it. Like-',
      'wise, we send an e-',
      'mail to the authors.',
    ];
    expect(joined(paper.slice(1), paper)).toBe(
      'We propose a framework for it. Likewise, we send an e-mail to the authors.',
    );
  });

  it('keeps the hyphen after one letter or an acronym, before two letters and in a chain', () => {
    expect(joined(['on the x-', 'axis'])).toBe('on the x-axis');
    expect(joined(['an SVM-', 'based model'])).toBe('an SVM-based model');
    expect(joined(['shown state-', 'of-the-art results'])).toBe('shown state-of-the-art results');
    const chain = ['We learn to learn.', 'or learning-to-', 'learn'];
    expect(joined(['or learning-to-', 'learn'], chain)).toBe('or learning-to-learn');
  });

  it('glues a hyphen or dash that does not break a word, and spaces other line ends', () => {
    expect(joined(['a 10-', 'fold cross validation'])).toBe('a 10-fold cross validation');
    expect(joined(['the BERT-', 'Large model'])).toBe('the BERT-Large model');
    expect(joined(['from 2010–', '2015'])).toBe('from 2010–2015');
    expect(joined(['a dash -', 'here'])).toBe('a dash - here');
    expect(joined(['one line', 'and the next'])).toBe('one line and the next');
  });

  it('always joins at a soft hyphen', () => {
    expect(joined(['a deadlock\u00AD', 'prone hop'], ['Deadlock-prone hops.'])).toBe(
      'a deadlockprone hop',
    );
  });

  it('judges only a letter and a hyphen before a lower-case line start', () => {
    const evidence = collectHyphenationEvidence([]);
    expect(judgeLineEndHyphen({ lineEnd: 'regu-', nextLine: 'larization', evidence })).toBe('join');
    expect(judgeLineEndHyphen({ lineEnd: 'regu-', nextLine: 'Larization', evidence })).toBeNull();
    expect(judgeLineEndHyphen({ lineEnd: '10-', nextLine: 'fold', evidence })).toBeNull();
    expect(judgeLineEndHyphen({ lineEnd: 'regu', nextLine: 'larization', evidence })).toBeNull();
  });

  it('joins a camel-case name broken before a capital only when the paper writes it whole', () => {
    const paper = [
      'The ParseTree class, ParseNodes and the tokenBLEU score.',
      'A Task-',
      'Model pair.',
    ];
    expect(joined(['we call Parse-', 'Tree here'], paper)).toBe('we call ParseTree here');
    expect(joined(['one Parse-', 'Node of it'], paper)).toBe('one ParseNode of it');
    expect(joined(['the token-', 'BLEU score'], paper)).toBe('the tokenBLEU score');
    // Not written whole (nor in this case) elsewhere: the hyphen stays.
    expect(joined(['a Task-', 'Model pair'], paper)).toBe('a Task-Model pair');
    expect(joined(['the Parse-', 'Trees'], paper)).toBe('the Parse-Trees');
  });
});
