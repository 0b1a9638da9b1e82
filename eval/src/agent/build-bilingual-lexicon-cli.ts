/**
 * @module Command-line entry of the bilingual-lexicon generator:
 *   node eval/dist/agent/build-bilingual-lexicon-cli.js [--check] [--out FILE]
 *     [--dictionaries DIR] [--catalog FILE] [--data-dir DIR]
 * reads the FreeDict dictionaries (`apt-get install dict-freedict-spa-eng …`, default
 * /usr/share/dictd) and writes the agent's data/bilingual-lexicon.tsv, or with --check proves the
 * file matches what the generator makes now (exit 1 and the first differing line when it does
 * not). Only this tool needs the dictionaries; tests and the agent read the committed file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repositoryPath, sharedDataDirectory } from '@quarry/testing';
import {
  buildBilingualLexicon,
  buildEnglishVocabulary,
  catalogTexts,
  lexiconLanguages,
  requestWords,
} from './build-bilingual-lexicon.js';

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    out: {
      type: 'string',
      default: repositoryPath('packages', 'agent', 'data', 'bilingual-lexicon.tsv'),
    },
    dictionaries: { type: 'string', default: '/usr/share/dictd' },
    catalog: { type: 'string', default: repositoryPath('data', 'starter', 'datasets.jsonl') },
    'data-dir': { type: 'string', default: sharedDataDirectory() },
  },
});

const texts = catalogTexts({
  catalogFile: values.catalog,
  collectionFile: join(values['data-dir'], 'datafinder', 'dataset_collection.jsonl'),
});
const vocabulary = buildEnglishVocabulary({ texts, extraWords: requestWords });
const built = buildBilingualLexicon({ dictionaryDirectory: values.dictionaries, vocabulary });

if (values.check) {
  const expectedLines = built.table.split('\n');
  const foundLines = readFileSync(values.out, 'utf8').split('\n');
  const index = expectedLines.findIndex((line, position) => line !== foundLines[position]);
  if (index < 0 && foundLines.length === expectedLines.length) {
    console.error(`${values.out}: matches its generator`);
  } else {
    const line = index < 0 ? expectedLines.length + 1 : index + 1;
    console.error(
      `${values.out}:${line}: differs from the generator\n` +
        `  generator: ${JSON.stringify(expectedLines[line - 1])}\n` +
        `  file:      ${JSON.stringify(foundLines[line - 1])}`,
    );
    process.exitCode = 1;
  }
} else {
  writeFileSync(values.out, built.table);
  for (const language of lexiconLanguages) {
    console.error(
      `${language}: ${built.counts[language]} entries, ${built.headwords[language]} headwords ` +
        `(edition ${built.editions[language] ?? 'unknown'})`,
    );
  }
  console.error(`${texts.length} catalog texts -> ${values.out}`);
}
