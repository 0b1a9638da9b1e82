import { describe, expect, it } from 'vitest';
import {
  describeLatexPairProblem,
  isLatexPairProblem,
  latexPairFiles,
  parseLatexPairsManifest,
} from './latex-pairs.js';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({
    id: 'delta-floods',
    repo: 'someone/delta-paper',
    commit: 'a'.repeat(40),
    pdf: 'paper/main.pdf',
    tex: ['paper/main.tex'],
    template: 'acl',
    layout: 'two-column',
    half: 'tune',
    ...fields,
  });

describe('parseLatexPairsManifest', () => {
  it('reads good lines and names each bad one with its line', () => {
    const { pairs, problems } = parseLatexPairsManifest(
      [line({}), '', 'not json', line({ id: 'other', half: 'both' }), line({})].join('\n'),
    );
    expect(pairs.map((pair) => [pair.id, pair.line, pair.half])).toEqual([
      ['delta-floods', 1, 'tune'],
    ]);
    expect(problems.map(describeLatexPairProblem)).toEqual([
      'manifest line 3: not a JSON object',
      'manifest line 4 (other): half must be "tune" or "report"',
      'manifest line 5 (delta-floods): id delta-floods is already on an earlier line',
    ]);
  });
});

describe('latexPairFiles', () => {
  const [pair] = parseLatexPairsManifest(line({})).pairs;
  const files: Record<string, string> = {
    'paper/main.pdf': '%PDF-1.5 ...',
    'paper/main.tex':
      '\\begin{document}We predict floods in a river delta from ten years of records.' +
      '\\begin{figure}\\caption{Rainfall by month in the delta.}\\end{figure}\\end{document}',
  };
  const read = (path: string) =>
    files[path] === undefined ? undefined : Buffer.from(files[path] ?? '');
  it('gives the PDF, reference sentences, asides and manifest line named by the id', () => {
    if (pair === undefined) throw new Error('no pair');
    const result = latexPairFiles({ pair, read });
    if (isLatexPairProblem(result)) throw new Error(result.message);
    expect(result.file).toBe('delta-floods.pdf');
    expect(result.references).toEqual([
      {
        file: 'delta-floods.pdf',
        sentence: 'We predict floods in a river delta from ten years of records.',
      },
    ]);
    expect(result.asides).toEqual([
      { file: 'delta-floods.pdf', text: 'Rainfall by month in the delta.', kind: 'caption' },
    ]);
    expect(result.manifestLine).toMatchObject({ template: 'acl', file: 'delta-floods.pdf' });
  });
  it('names a missing PDF, a file that is no PDF and a missing main file', () => {
    if (pair === undefined) throw new Error('no pair');
    expect(latexPairFiles({ pair, read: () => undefined })).toMatchObject({
      line: 1,
      message: `someone/delta-paper@${'a'.repeat(40)} has no paper/main.pdf`,
    });
    expect(
      latexPairFiles({
        pair,
        read: (path) => Buffer.from(path.endsWith('.pdf') ? 'version https://git-lfs' : ''),
      }),
    ).toMatchObject({ message: 'paper/main.pdf is not a PDF (a Git LFS pointer?)' });
    expect(
      latexPairFiles({ pair, read: (path) => (path.endsWith('.pdf') ? read(path) : undefined) }),
    ).toMatchObject({ message: `someone/delta-paper@${'a'.repeat(40)} has no paper/main.tex` });
  });
});
