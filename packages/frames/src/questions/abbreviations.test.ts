import { describe, expect, it } from 'vitest';
import { abbreviationsIn, expandAbbreviations, initialismsIn } from './abbreviations.js';

describe('abbreviations a paper defines', () => {
  const defined = abbreviationsIn([
    'DeepMind proposed a Memory Augmented Neural Network (MANN) for one-shot tasks.',
    'Patients were clustered on PLT (platelet) and ALB (albumin) lab tests.',
    'The results of clustering by semiparametric Bayes (SP-B) are reported for 94 patients.',
    'DC: Deep–Coder style baseline that predicts program components.',
    'We apply Conditional Random Field (Lafferty et al., 2001) and see Table 2 (top).',
    'Accuracy improves (Fig. 3) on the test set (ours) in 2019 (2020).',
  ]);

  it('reads long forms before, after and in a definition list', () => {
    expect(Object.fromEntries(defined)).toEqual({
      MANN: 'Memory Augmented Neural Network',
      PLT: 'platelet',
      ALB: 'albumin',
      'SP-B': 'semiparametric Bayes',
      DC: 'Deep–Coder',
    });
  });

  it('writes a row name with its short forms spelled out, and null when it holds none', () => {
    expect(expandAbbreviations('MANN [20]', defined)).toBe(
      'MANN (Memory Augmented Neural Network) [20]',
    );
    expect(expandAbbreviations('SP-B(PLT)', defined)).toBe(
      'SP-B (semiparametric Bayes)(PLT (platelet))',
    );
    expect(expandAbbreviations('Siamese Net [11]', defined)).toBeNull();
  });

  it('finds an initialism the prose spells out in capitalised words without defining it', () => {
    const spelled = initialismsIn(
      [
        'Our Results Felt Fine.',
        'For feature-based methods, we apply Conditional Random Field (Lafferty et al., 2001).',
        'A Cheap Random Forest is not it.',
      ],
      ['CRF', 'RF', 'crf', 'MANNERS'],
    );
    // The first run of capitalised words whose initials spell it; two letters ("Results Felt")
    // match too easily by chance, and a lower-case label is no initialism.
    expect(Object.fromEntries(spelled)).toEqual({ CRF: 'Conditional Random Field' });
  });
});
