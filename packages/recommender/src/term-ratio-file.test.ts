import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTermRatioFile, shippedTermRatios } from './term-ratio-file.js';
import { formatTermRatioTable, termRatioTableHeader } from './term-ratios.js';

describe('term-ratio file', () => {
  it('reads the shipped table', () => {
    const ratios = shippedTermRatios();
    expect(ratios.size).toBeGreaterThan(1000);
    for (const ratio of ratios.values()) {
      expect(Number.isFinite(ratio.descriptionRatio) && Number.isFinite(ratio.keyphraseRatio)).toBe(
        true,
      );
    }
  });

  it('round-trips what formatTermRatioTable writes', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quarry-term-ratios-'));
    const file = join(folder, 'good.tsv');
    const written = [
      { term: 'segment', descriptionRatio: 1.234, keyphraseRatio: -0.5 },
      { term: 'propos', descriptionRatio: -3, keyphraseRatio: -2.25 },
    ];
    await writeFile(file, formatTermRatioTable(written));
    expect(readTermRatioFile(file).get('segment')).toEqual({
      term: 'segment',
      descriptionRatio: 1.23,
      keyphraseRatio: -0.5,
    });
  });

  it.each([
    ['no header', 'segment\t1\t2\n', 1],
    ['a missing field', `${termRatioTableHeader}\nsegment\t1\n`, 2],
    [
      'a ratio that is not a number',
      `${termRatioTableHeader}\nnovel\t0.5\t0.1\nsegment\t1\tx\n`,
      3,
    ],
    ['a term twice', `${termRatioTableHeader}\nnovel\t0.5\t0.1\nnovel\t1\t2\n`, 3],
  ])('names the file and line of %s', async (_, text, line) => {
    const folder = await mkdtemp(join(tmpdir(), 'quarry-term-ratios-'));
    const file = join(folder, 'bad.tsv');
    await writeFile(file, text);
    expect(() => readTermRatioFile(file)).toThrow(
      expect.objectContaining({ code: 'invalid_input', where: `${file}:${line}` }),
    );
  });
});
