import { describe, expect, it } from 'vitest';
import type { DatasetCardData } from '../shared/api-types';
import {
  csvCell,
  escapeBibtex,
  recommendationsAsBibtex,
  recommendationsAsCsv,
} from './recommendation-export';

function card(fields: Partial<DatasetCardData> & Pick<DatasetCardData, 'datasetId' | 'name'>) {
  return {
    fullName: null,
    year: null,
    modalities: [],
    tasks: [],
    languages: [],
    size: null,
    homepage: null,
    why: '',
    citations: [],
    ...fields,
  } satisfies DatasetCardData;
}

const cityscapes = card({
  datasetId: 'Cityscapes',
  name: 'Cityscapes',
  year: 2016,
  tasks: ['Semantic Segmentation', 'Instance Segmentation'],
  homepage: 'https://www.cityscapes-dataset.com/',
  paperTitle: 'The Cityscapes Dataset for Semantic Urban Scene Understanding',
  paperUrl: 'https://arxiv.org/abs/1604.01685',
  license: 'custom, non-commercial',
  why: 'tasks: Semantic Segmentation; matches "segmentation"',
});

describe('recommendation export', () => {
  it('escapes every BibTeX special character so the text prints as it reads', () => {
    expect(escapeBibtex('50% of R&D_set #1 costs $5 {a} ^ ~ \\')).toBe(
      '50\\% of R\\&D\\_set \\#1 costs \\$5 \\{a\\} \\textasciicircum{} \\textasciitilde{} \\textbackslash{}',
    );
  });

  it('writes one @misc per known introducing paper, with unique keys, and names the unknown ones', () => {
    const bibtex = recommendationsAsBibtex([
      cityscapes,
      card({
        datasetId: 'city-2',
        name: 'Cityscapes',
        year: 2016,
        paperTitle: 'A {braced} & 100% title',
      }),
      card({ datasetId: 'NoPaper', name: 'No Paper Set' }),
      card({
        datasetId: 'bad-url',
        name: 'Bad URL',
        paperTitle: 'T',
        paperUrl: 'javascript:alert(1)',
      }),
    ]);
    expect(bibtex).toContain('% Introducing paper not known for: No Paper Set');
    expect(bibtex).toContain(
      '@misc{cityscapes2016,\n  title = {The Cityscapes Dataset for Semantic Urban Scene Understanding},\n  year = {2016},\n  url = {https://arxiv.org/abs/1604.01685},\n  note = {Introduces the Cityscapes dataset}\n}',
    );
    expect(bibtex).toContain(
      '@misc{cityscapes2016-2,\n  title = {A \\{braced\\} \\& 100\\% title}',
    );
    expect(bibtex).not.toContain('javascript');
    expect(bibtex.match(/@misc\{/g)).toHaveLength(3);
    // Braces balance in every entry, so BibTeX reads each one whole.
    for (const entry of bibtex.split('@misc').slice(1)) {
      const unescaped = entry.replace(/\\[{}]/g, '');
      expect(unescaped.split('{').length).toBe(unescaped.split('}').length);
    }
  });

  it('quotes CSV cells as RFC 4180 says, and never lets a cell run as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@sum')).toBe("'@sum");
  });

  it('writes a header and one row per dataset with whole links', () => {
    const csv = recommendationsAsCsv(
      [cityscapes, card({ datasetId: 'a b/c', name: '-evil', homepage: 'ftp://x' })],
      'http://127.0.0.1:8787',
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'name,full name,year,modalities,tasks,languages,size,homepage,introduced in,paper url,licence,why it fits,quarry page',
    );
    expect(lines[1]).toBe(
      'Cityscapes,,2016,,Semantic Segmentation; Instance Segmentation,,,https://www.cityscapes-dataset.com/,The Cityscapes Dataset for Semantic Urban Scene Understanding,https://arxiv.org/abs/1604.01685,"custom, non-commercial","tasks: Semantic Segmentation; matches ""segmentation""",http://127.0.0.1:8787/datasets/Cityscapes',
    );
    expect(lines[2]).toBe("'-evil,,,,,,,,,,,,http://127.0.0.1:8787/datasets/a%20b%2Fc");
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });
});
