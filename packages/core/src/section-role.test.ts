import { describe, expect, it } from 'vitest';
import {
  sectionLabelsOf,
  sectionNumberOf,
  sectionRoleOfTitle,
  sectionRolesOf,
} from './section-role.js';
import type { SectionRole } from './section-role.js';

describe('sectionRoleOfTitle', () => {
  const cases: [string, SectionRole][] = [
    ['Abstract', 'abstract'],
    ['ABSTRACT', 'abstract'],
    ['1 Introduction', 'introduction'],
    ['1. INTRODUCTION', 'introduction'],
    ['I. INTRODUCTION', 'introduction'],
    ['Introduction and Motivation', 'introduction'],
    ['Introduction and Related Work', 'introduction'],
    ['2 Related Work', 'related-work'],
    ['2. Related Works', 'related-work'],
    ['II. RELATED WORK', 'related-work'],
    ['Prior Work', 'related-work'],
    ['Previous Approaches to Entity Linking', 'related-work'],
    ['Background and Related Work', 'related-work'],
    ['Literature Review', 'related-work'],
    ['2 Background', 'background'],
    ['Preliminaries', 'background'],
    ['3 Method', 'method'],
    ['3. Our Approach', 'method'],
    ['Proposed Methodology', 'method'],
    ['3.1 Model Architecture', 'method'],
    ['Problem Formulation', 'method'],
    ['4 Experiments', 'experiments'],
    ['5. Experimental Setup', 'experiments'],
    ['4.1 Datasets', 'experiments'],
    ['Data Sets', 'experiments'],
    ['Evaluation', 'experiments'],
    ['Empirical Evaluation', 'experiments'],
    ['4.2 Baselines', 'experiments'],
    ['Implementation Details', 'experiments'],
    ['Evaluation Metrics', 'experiments'],
    ['5 Results', 'results'],
    ['Experimental Results', 'results'],
    ['Results and Discussion', 'results'],
    ['6.2 Ablation Study', 'results'],
    ['Error Analysis', 'results'],
    ['Comparison with the State of the Art', 'results'],
    ['6 Discussion', 'discussion'],
    ['Broader Impact', 'discussion'],
    ['Ethical Considerations', 'discussion'],
    ['Limitations', 'limitations'],
    ['7 Limitations and Future Work', 'limitations'],
    ['Threats to Validity', 'limitations'],
    ['8 Conclusion', 'conclusion'],
    ['Conclusions and Future Work', 'conclusion'],
    ['Concluding Remarks', 'conclusion'],
    ['Acknowledgments', 'acknowledgements'],
    ['ACKNOWLEDGEMENTS', 'acknowledgements'],
    ['References', 'references'],
    ['7. REFERENCES', 'references'],
    ['Bibliography', 'references'],
    ['Appendix', 'appendix'],
    ['Appendix B: Proofs', 'appendix'],
    ['Supplementary Material', 'appendix'],
    ['3 BiDAF', 'other'],
    ['Einleitung', 'other'],
    ['', 'other'],
  ];
  it.each(cases)('%s -> %s', (title, role) => {
    expect(sectionRoleOfTitle(title)).toBe(role);
  });

  it('leaves a sentence-long "heading" alone', () => {
    expect(
      sectionRoleOfTitle(
        'In this section we describe the results of the experiments that we ran on three large data sets',
      ),
    ).toBe('other');
  });
});

describe('sectionNumberOf', () => {
  it.each([
    ['3 Method', '3'],
    ['3.2.1. Training', '3.2.1'],
    ['IV. RESULTS', 'IV'],
    ['B.1 More results', 'B.1'],
    ['A. Proofs', 'A'],
    ['A Model of Reading', null],
    ['I think', null],
    ['Results', null],
  ])('%s -> %s', (title, number) => {
    expect(sectionNumberOf(title)).toBe(number);
  });
});

describe('sectionRolesOf', () => {
  const rolesOf = (titles: string[]) => sectionRolesOf(titles.map((title) => ({ title })));

  it('gives a numbered heading that names no role the role of the section it is under', () => {
    expect(
      rolesOf([
        '1 Introduction',
        '3 Experiments',
        '3.1 Something Unnamed',
        '3.1.2 Deeper',
        '4 BiDAF',
      ]),
    ).toEqual(['introduction', 'experiments', 'experiments', 'experiments', 'other']);
  });

  it('keeps every subsection of related work related work, whatever its words', () => {
    expect(rolesOf(['2 Related Work', '2.1 Datasets', '2.2 Neural models', '3 Method'])).toEqual([
      'related-work',
      'related-work',
      'related-work',
      'method',
    ]);
  });

  it('lets an unnumbered unknown heading follow the own-work section before it, never related work', () => {
    expect(rolesOf(['Related Work', 'Graph Convolutions', 'Method', 'Multi-Head Pooling'])).toEqual(
      ['related-work', 'other', 'method', 'method'],
    );
    expect(rolesOf(['Abstract', 'Keywords'])).toEqual(['abstract', 'other']);
  });

  it('takes letter-numbered headings after the end of the paper for appendices', () => {
    expect(
      rolesOf(['6 Conclusion', 'References', 'A Proofs of the Lemmas', 'A.1 Lemma 2']),
    ).toEqual(['conclusion', 'references', 'appendix', 'appendix']);
  });

  it('reads a references kind as the references role and does not inherit from captions', () => {
    expect(
      sectionRolesOf([
        { title: '4 Experiments' },
        { title: 'Figure 2', kind: 'caption' },
        { title: 'Bibliography list', kind: 'references' },
      ]),
    ).toEqual(['experiments', 'other', 'references']);
    expect(
      sectionRolesOf([
        { title: '4 Experiments' },
        { title: 'Figure 2', kind: 'caption' },
        { title: 'Setup details continued' },
      ]),
    ).toEqual(['experiments', 'other', 'experiments']);
  });

  it('reads letter-numbered subsections under roman-numbered sections (IEEE style)', () => {
    expect(
      rolesOf([
        'I. INTRODUCTION',
        'A. Contribution',
        'B. Related Work',
        'II. THE PROPOSED METHOD',
        'D. Model Ensemble',
        'III. EXPERIMENT',
        'A. Something Unnamed',
        'IV. CONCLUSION',
      ]),
    ).toEqual([
      'introduction',
      'introduction',
      'related-work',
      'method',
      'method',
      'experiments',
      'experiments',
      'conclusion',
    ]);
  });

  it('keeps a role given by the source', () => {
    expect(sectionRolesOf([{ title: 'Whatever', role: 'method' }])).toEqual(['method']);
  });
});

describe('sectionLabelsOf', () => {
  it('reads a stored kind and role, and classifies a heading stored without a role', () => {
    expect(sectionLabelsOf({ title: 'Figure 2', kind: 'caption', role: 'other' })).toEqual({
      kind: 'caption',
      role: 'other',
    });
    expect(sectionLabelsOf({ title: '2 Related Work', kind: null, role: null })).toEqual({
      kind: 'body',
      role: 'related-work',
    });
    expect(sectionLabelsOf({ title: 'Results', kind: 'nonsense', role: 'nonsense' })).toEqual({
      kind: 'body',
      role: 'results',
    });
  });
});
