import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDataLine, readWordnetSynsets, wordnetDataFiles } from './wordnet-lexicon.js';

// Lines in the wndb(5) layout, written for this test (not taken from WordNet).
const nounLines = [
  '  1 a licence header line starts with two spaces',
  '00000100 03 n 02 gadget 0 gizmo 0 001 @ 00000200 n 0000 | a small device; "a clever gadget"',
  '00000200 03 n 01 device 0 000 | an object made for a purpose',
];
const adjectiveLines = [
  '00000300 00 s 02 speedy(a) 0 quick 0 001 & 00000400 a 0000 | moving fast; "a speedy reply"',
  '00000400 00 a 01 fast 0 000 | acting with speed',
];

describe('WordNet data files', () => {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'quarry-wordnet-'));
    for (const file of wordnetDataFiles) {
      const lines = file === 'data.noun' ? nounLines : file === 'data.adj' ? adjectiveLines : [];
      await writeFile(join(directory, file), lines.join('\n') + '\n');
    }
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('reads lemmas, the definition without examples and the hypernym lemmas', async () => {
    const synsets = await readWordnetSynsets(directory);
    expect(synsets).toEqual([
      { lemmas: ['gadget', 'gizmo'], definition: 'a small device', hypernymLemmas: ['device'] },
      { lemmas: ['device'], definition: 'an object made for a purpose', hypernymLemmas: [] },
      { lemmas: ['speedy', 'quick'], definition: 'moving fast', hypernymLemmas: [] },
      { lemmas: ['fast'], definition: 'acting with speed', hypernymLemmas: [] },
    ]);
  });

  it('names the file and line of a malformed line, and the folder when it is missing', async () => {
    expect(parseDataLine('not a synset | gloss')).toBeNull();
    await writeFile(join(directory, 'data.verb'), 'zz 01 v | broken\n');
    await expect(readWordnetSynsets(directory)).rejects.toMatchObject({
      code: 'invalid_input',
      where: `${join(directory, 'data.verb')}:1`,
    });
    const missing = await readWordnetSynsets(join(directory, 'nowhere')).catch(
      (error: unknown) => error,
    );
    expect(missing).toMatchObject({ code: 'not_found' });
    expect(String((missing as { fix?: unknown }).fix)).toContain('wordnet-base');
  });
});
