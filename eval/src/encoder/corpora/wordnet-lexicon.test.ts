import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWordnetFixture } from '../test-support/wordnet-fixture.js';
import { parseDataLine, readWordnetSynsets } from './wordnet-lexicon.js';

describe('WordNet data files', () => {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'quarry-wordnet-'));
    await writeWordnetFixture(directory);
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('reads lemmas, the definition without examples and the hypernym lemmas', async () => {
    const synsets = await readWordnetSynsets(directory);
    expect(synsets.slice(0, 2)).toEqual([
      { lemmas: ['gadget', 'gizmo'], definition: 'a small device', hypernymLemmas: ['device'] },
      { lemmas: ['device'], definition: 'an object made for a purpose', hypernymLemmas: [] },
    ]);
    expect(synsets[2]).toEqual({
      lemmas: ['data set', 'corpus'],
      definition: 'a collection of examples gathered for study',
      hypernymLemmas: ['collection'],
    });
    expect(synsets.find((synset) => synset.lemmas[0] === 'speedy')).toEqual({
      lemmas: ['speedy', 'quick'],
      definition: 'moving fast',
      hypernymLemmas: [],
    });
    expect(synsets).toHaveLength(10);
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
