import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentence-splitter.js';

function sentencesOf(text: string): string[] {
  return splitSentences(text).map((span) => span.text);
}

describe('splitSentences', () => {
  it('splits plain sentences and keeps exact, trimmed offsets', () => {
    const text = '  We train a model.  It works well!\tDoes it scale?  ';
    const spans = splitSentences(text);
    expect(spans.map((span) => span.text)).toEqual([
      'We train a model.',
      'It works well!',
      'Does it scale?',
    ]);
    for (const span of spans) {
      expect(text.slice(span.start, span.end)).toBe(span.text);
      expect(span.text).toBe(span.text.trim());
    }
    expect(spans[0]).toEqual({ text: 'We train a model.', start: 2, end: 19 });
  });

  it('returns nothing for empty or blank text and keeps a final sentence without a period', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences(' \n\t ')).toEqual([]);
    expect(sentencesOf('First one. Second one without a stop')).toEqual([
      'First one.',
      'Second one without a stop',
    ]);
  });

  it('does not split after Latin abbreviations', () => {
    expect(
      sentencesOf(
        'Several encoders (e.g. BERT and ELMo) help, i.e. Transformers do. Compare cf. Table 1 vs. Table 2. Done.',
      ),
    ).toEqual([
      'Several encoders (e.g. BERT and ELMo) help, i.e. Transformers do.',
      'Compare cf. Table 1 vs. Table 2.',
      'Done.',
    ]);
    expect(sentencesOf('It costs approx. 20 GPU hours. Fine.')).toEqual([
      'It costs approx. 20 GPU hours.',
      'Fine.',
    ]);
  });

  it('does not split references to figures, equations, sections and tables', () => {
    const text =
      'See Fig. 3 and Figs. 4-5 for details. Eq. 2 defines the loss, Eqs. 3 and 4 its parts. ' +
      'As shown in Sec. 4 and Tab. 2 the gap is large. Run No. 7 failed.';
    expect(sentencesOf(text)).toEqual([
      'See Fig. 3 and Figs. 4-5 for details.',
      'Eq. 2 defines the loss, Eqs. 3 and 4 its parts.',
      'As shown in Sec. 4 and Tab. 2 the gap is large.',
      'Run No. 7 failed.',
    ]);
  });

  it('splits after "et al." only when a capitalised word follows', () => {
    expect(
      sentencesOf(
        'Lee et al. (2019) and Kim et al. [4] proposed it. It was improved by Park et al. Their model wins.',
      ),
    ).toEqual([
      'Lee et al. (2019) and Kim et al. [4] proposed it.',
      'It was improved by Park et al.',
      'Their model wins.',
    ]);
    expect(sentencesOf('Lee et al. showed this. Next.')).toEqual([
      'Lee et al. showed this.',
      'Next.',
    ]);
  });

  it('reads capital letters before a period as initials unless a common opener follows', () => {
    expect(sentencesOf('The method of J. R. Miller is simple. It works.')).toEqual([
      'The method of J. R. Miller is simple.',
      'It works.',
    ]);
    expect(sentencesOf('Let the matrix be of size N. Then we invert it.')).toEqual([
      'Let the matrix be of size N.',
      'Then we invert it.',
    ]);
    expect(sentencesOf('Data came from the U.S. The rest did not.')).toEqual([
      'Data came from the U.S.',
      'The rest did not.',
    ]);
    // Discourse words open sentences too; none of them is a surname.
    expect(
      sentencesOf('It holds in every state of M. Likewise, it fails. We stop at T. Next, we go.'),
    ).toEqual([
      'It holds in every state of M.',
      'Likewise, it fails.',
      'We stop at T.',
      'Next, we go.',
    ]);
  });

  it('reads a capital letter after a section or appendix as a label that can end a sentence', () => {
    expect(
      sentencesOf('Results are in Section G. RI stays stable. See Appendix B for more.'),
    ).toEqual(['Results are in Section G.', 'RI stays stable.', 'See Appendix B for more.']);
    expect(sentencesOf('The work of J. Smith holds.')).toEqual(['The work of J. Smith holds.']);
  });

  it('keeps decimals, percentages, versions, URLs and emails whole', () => {
    const text =
      'Accuracy rose by 3.5% to 0.25 of the max. We used v2.1.3 of the toolkit. ' +
      'Code is at https://example.org/tool.html and mail a.b@lab.example.edu for data. Thanks.';
    expect(sentencesOf(text)).toEqual([
      'Accuracy rose by 3.5% to 0.25 of the max.',
      'We used v2.1.3 of the toolkit.',
      'Code is at https://example.org/tool.html and mail a.b@lab.example.edu for data.',
      'Thanks.',
    ]);
  });

  it('ends a sentence after a number when the next one starts', () => {
    expect(sentencesOf('The score was 91.2. The baseline got 88. 12 runs failed.')).toEqual([
      'The score was 91.2.',
      'The baseline got 88.',
      '12 runs failed.',
    ]);
  });

  it('handles ellipses', () => {
    expect(sentencesOf('We tried A, B, C... and more. It stalled... Then it ran.')).toEqual([
      'We tried A, B, C... and more.',
      'It stalled...',
      'Then it ran.',
    ]);
    expect(sentencesOf('It waited… Then it ran. It paused . . . Then stopped.')).toEqual([
      'It waited…',
      'Then it ran.',
      'It paused . . .',
      'Then stopped.',
    ]);
  });

  it('keeps closing quotes and brackets with the sentence they close', () => {
    expect(sentencesOf('They call it "the end.") Next comes more. (A remark.) Last.')).toEqual([
      'They call it "the end.")',
      'Next comes more.',
      '(A remark.)',
      'Last.',
    ]);
    expect(sentencesOf('He wrote “it works.” We agree.')).toEqual([
      'He wrote “it works.”',
      'We agree.',
    ]);
  });

  it('keeps a citation after the period with the sentence it supports', () => {
    expect(sentencesOf('Such models are popular. [12] The next one [3] is new.')).toEqual([
      'Such models are popular. [12]',
      'The next one [3] is new.',
    ]);
    expect(sentencesOf('Prior work exists. [4, 7-9] [11] We differ. [5]')).toEqual([
      'Prior work exists. [4, 7-9] [11]',
      'We differ. [5]',
    ]);
    expect(sentencesOf('Prior work exists. [4] showed that it fails.')).toEqual([
      'Prior work exists.',
      '[4] showed that it fails.',
    ]);
  });

  it('does not split after a lowercase continuation', () => {
    expect(sentencesOf('Why? because it is faster. Yes.')).toEqual([
      'Why? because it is faster.',
      'Yes.',
    ]);
  });

  it('keeps numbered list markers with their item', () => {
    expect(sentencesOf('Steps: 1. Load the data. 2. Train the model. 3. Report.')).toEqual([
      'Steps: 1. Load the data.',
      '2. Train the model.',
      '3. Report.',
    ]);
    expect(sentencesOf('The plan:\n1. Collect papers.\n2. Index them.')).toEqual([
      'The plan:\n1. Collect papers.',
      '2. Index them.',
    ]);
  });

  it('starts a sentence at an item marker in brackets before a capital', () => {
    expect(
      sentencesOf('It is unsteady. (ii) Although it is faster, it fails. (b) The last.'),
    ).toEqual(['It is unsteady.', '(ii) Although it is faster, it fails.', '(b) The last.']);
    expect(sentencesOf('Ask the model: “{Q}.” (iii) Retrieval: we search.')).toEqual([
      'Ask the model: “{Q}.”',
      '(iii) Retrieval: we search.',
    ]);
    // A lowercase item goes on the sentence; a year in brackets is no item marker.
    expect(sentencesOf('We test it. (i) as a baseline.')).toEqual([
      'We test it. (i) as a baseline.',
    ]);
    expect(sentencesOf('See Eq. (3) The loss.')).toEqual(['See Eq. (3) The loss.']);
  });

  it('splits at blank lines but not at single line wraps', () => {
    const text =
      'Introduction\n\nWe study a task that\nspans two lines. Second.\r\n  \r\nNew paragraph';
    expect(sentencesOf(text)).toEqual([
      'Introduction',
      'We study a task that\nspans two lines.',
      'Second.',
      'New paragraph',
    ]);
  });

  it('splits on non-ASCII capitals and keeps offsets exact with astral characters', () => {
    const text = 'Le modèle 🚀 marche. Évidemment il gagne. Ça va.';
    const spans = splitSentences(text);
    expect(spans.map((span) => span.text)).toEqual([
      'Le modèle 🚀 marche.',
      'Évidemment il gagne.',
      'Ça va.',
    ]);
    for (const span of spans) expect(text.slice(span.start, span.end)).toBe(span.text);
  });

  it('splits a large text completely, without super-linear blow-up', () => {
    const paragraph =
      'We follow Lee et al. (2019) and use e.g. BERT, see Fig. 3. Accuracy is 91.5% on the test set. [7] ' +
      'The U.S. team, cf. Sec. 4, reports 0.25 gains! Does it hold? Yes. ';
    const text = `${paragraph}\n\n`.repeat(14_000);
    const started = performance.now();
    const spans = splitSentences(text);
    const elapsed = performance.now() - started;
    expect(spans).toHaveLength(14_000 * 5);
    expect(spans.at(-1)?.text).toBe('Yes.');
    // A hang guard, not a speed target (it takes a fraction of a second): a splitter that rescanned
    // the rest of the 1.3 MB text for each of the 70,000 sentences would take far longer.
    expect(elapsed).toBeLessThan(30_000);
  });
});
