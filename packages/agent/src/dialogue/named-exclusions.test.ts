import { describe, expect, it } from 'vitest';
import { compoundNames, exampleNames, namedCompound, takeAlreadyUsed } from './named-exclusions.js';
import { readRefinement } from './read-refinement.js';
import { editionYear } from './refined-candidates.js';

describe('datasets ruled out by name', () => {
  it('reads the datasets someone already has, and only names', () => {
    expect(
      takeAlreadyUsed('yeah I already run HumanEval and MBPP, they are saturated').names,
    ).toEqual(['HumanEval', 'MBPP']);
    expect(
      takeAlreadyUsed('we already have HARD and LABR and they do not transfer to Twitter').names,
    ).toEqual(['HARD', 'LABR']);
    expect(takeAlreadyUsed('I already use Cora and Citeseer').names).toEqual(['Cora', 'Citeseer']);
    // Not datasets: the images, a lab.
    expect(takeAlreadyUsed('we already have the images, we need labels').names).toEqual([]);
    expect(takeAlreadyUsed('I already use Python').names).toEqual([]);
    expect(takeAlreadyUsed('I already have images and labels').names).toEqual([]);
    // Said after the names.
    expect(
      takeAlreadyUsed('not single crops. and MARS is already in our pipeline too.').names,
    ).toEqual(['MARS']);
    expect(takeAlreadyUsed('we have LRS2 and LRS3 already').names).toEqual(['LRS2', 'LRS3']);
    // A name with its edition's year.
    expect(takeAlreadyUsed('I already use BraTS 2013, only newer editions').names).toEqual([
      'BraTS 2013',
    ]);
  });

  it('leaves what someone already has out of what is asked for', () => {
    const refinement = readRefinement(
      'I already run HumanEval and MBPP, I need contest problems with hidden tests',
    );
    expect(refinement.excluded).toEqual(['humaneval', 'mbpp']);
    expect(refinement.focus).not.toMatch(/HumanEval|MBPP/);
    expect(refinement.focus).toMatch(/contest problems/);
  });

  it('reads a list of names in a compound', () => {
    const compound = namedCompound.exec('Cora/Citeseer/Pubmed-sized toy graphs')?.[1] ?? '';
    expect(compoundNames(compound)).toEqual(['Cora', 'Citeseer', 'Pubmed']);
    expect(readRefinement("Cora/Citeseer/Pubmed-sized toy graphs don't count").excluded).toEqual([
      'cora',
      'citeseer',
      'pubmed',
      'toy graphs',
    ]);
    // One capitalised word before "-scale" is no name ("Large-scale").
    expect(namedCompound.exec('Large-scale corpora are out')).toBeNull();
    // Spaced around the slash and before "style".
    expect(readRefinement("S3DIS / ScanNet style indoor scans don't help me").excluded).toEqual([
      's3dis',
      'scannet',
      'indoor scans',
    ]);
    expect(namedCompound.exec('Large scale corpora are out')).toBeNull();
  });
});

describe('years of editions', () => {
  it('takes the year a name gives over the catalog year', () => {
    expect(editionYear({ name: 'BraTS 2013', year: 2015 })).toBe(2013);
    expect(editionYear({ name: 'BraTS', year: 2012 })).toBe(2012);
    expect(editionYear({ name: 'CIFAR-10', year: null })).toBeNull();
  });

  it('reads a bound said of editions', () => {
    expect(readRefinement('only the 2017 challenge edition or newer please').yearMin).toBe(2017);
    expect(readRefinement('Only the 2017-or-later challenge editions please').yearMin).toBe(2017);
  });

  it('rules out the names an example holds, each by itself', () => {
    expect(exampleNames('the original FEVER setup')).toEqual(['FEVER']);
    expect(exampleNames('HumanEval and MBPP')).toEqual(['HumanEval', 'MBPP']);
    expect(exampleNames('news articles')).toEqual(['news articles']);
    const fever = readRefinement(
      "Sentence-only evidence like the original FEVER setup isn't enough for what we want.",
    );
    expect(fever.excluded).toEqual(['fever', 'sentence evidence']);
    expect(
      readRefinement("written in Japanese. machine-translated English captions aren't good enough")
        .excluded,
    ).toEqual(['machine translated english captions']);
  });

  it('rules out each name of a list said to be too easy', () => {
    const code = readRefinement(
      'program synthesis with test cases. MBPP and HumanEval are too easy.',
    );
    expect(code.excluded).toEqual(['mbpp', 'humaneval']);
    expect(code.focus).toBe('program synthesis test cases');
  });
});
