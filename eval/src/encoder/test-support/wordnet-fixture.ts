/**
 * @module A small WordNet database in the wndb(5) layout, written for Quarry's tests (not taken
 * from WordNet), so the WordNet reader and the trainer's `wordnet-definitions` source are tested
 * without /usr/share/wordnet.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { wordnetDataFiles } from '../corpora/wordnet-lexicon.js';

/** Data lines per file; a line starting with two spaces is a licence header line. */
export const wordnetFixtureLines: Readonly<Record<(typeof wordnetDataFiles)[number], string[]>> = {
  'data.noun': [
    '  1 a licence header line starts with two spaces',
    '00000100 03 n 02 gadget 0 gizmo 0 001 @ 00000200 n 0000 | a small device; "a clever gadget"',
    '00000200 03 n 01 device 0 000 | an object made for a purpose',
    '00000500 03 n 02 data_set 0 corpus 0 001 @ 00000600 n 0000 | a collection of examples gathered for study',
    '00000600 03 n 01 collection 0 000 | things gathered together in one place',
    '00000700 03 n 02 benchmark 0 yardstick 0 000 | a standard against which results are measured',
  ],
  'data.verb': [
    '00000800 29 v 02 annotate 0 label 0 000 | add notes or tags to a text or an image',
    '00000900 29 v 02 segment 0 partition 0 000 | divide an image or a signal into parts',
  ],
  'data.adj': [
    '00000300 00 s 02 speedy(a) 0 quick 0 001 & 00000400 a 0000 | moving fast; "a speedy reply"',
    '00000400 00 a 01 fast 0 000 | acting with speed',
  ],
  'data.adv': ['00001000 02 r 02 roughly 0 approximately 0 000 | not quite exactly'],
};

/** Writes the four data files into `directory` (which must exist). */
export async function writeWordnetFixture(directory: string): Promise<void> {
  for (const file of wordnetDataFiles) {
    await writeFile(join(directory, file), wordnetFixtureLines[file].join('\n') + '\n');
  }
}
