import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shippedTermRatioFile } from '@quarry/recommender';
import { hasSharedData, sharedDataDirectory, sharedDataRequired } from '@quarry/testing';
import { checkTermRatioFile, termRatioSourceFiles } from './term-ratio-table.js';

const sourcesPresent = hasSharedData(...Object.values(termRatioSourceFiles));

describe.skipIf(!sharedDataRequired && !sourcesPresent)('the shipped term-ratio table', () => {
  it('matches its generator (the --check mode)', async () => {
    const result = await checkTermRatioFile({
      file: shippedTermRatioFile,
      sharedDataDirectory: sharedDataDirectory(),
    });
    expect(result).toMatchObject({ matches: true });
  });

  it('names the first line that differs', async () => {
    const lines = (await readFile(shippedTermRatioFile, 'utf8')).split('\n');
    lines[5] = `${lines[5]?.split('\t')[0] ?? 'x'}\t9.99\t9.99`;
    const edited = join(await mkdtemp(join(tmpdir(), 'quarry-term-ratios-')), 'edited.tsv');
    await writeFile(edited, lines.join('\n'));
    const result = await checkTermRatioFile({
      file: edited,
      sharedDataDirectory: sharedDataDirectory(),
    });
    expect(result).toMatchObject({ matches: false, line: 6, found: lines[5] });
  });
});
