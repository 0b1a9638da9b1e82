/**
 * @module Command-line entry of the term-ratio generator:
 *   node eval/dist/recommender/build-term-ratios-cli.js [--check] [--out FILE] [--data-dir DIR]
 * writes the recommender's data/term-ratios.tsv, or with --check proves the file matches what the
 * generator makes now (exit 1 and the first differing line when it does not). The test suite runs
 * the same check (term-ratio-table.test.ts).
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { shippedTermRatioFile } from '@quarry/recommender';
import { sharedDataDirectory } from '@quarry/testing';
import { buildTermRatioTable, checkTermRatioFile } from './term-ratio-table.js';

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    out: { type: 'string', default: shippedTermRatioFile },
    'data-dir': { type: 'string', default: sharedDataDirectory() },
  },
});

if (values.check) {
  const result = await checkTermRatioFile({
    file: values.out,
    sharedDataDirectory: values['data-dir'],
  });
  if (result.matches) {
    console.error(`${values.out}: matches its generator (${result.terms} terms)`);
  } else {
    console.error(
      `${values.out}:${result.line}: differs from the generator\n` +
        `  generator: ${JSON.stringify(result.expected)}\n  file:      ${JSON.stringify(result.found)}`,
    );
    process.exitCode = 1;
  }
} else {
  const built = await buildTermRatioTable(values['data-dir']);
  await writeFile(values.out, built.table);
  console.error(`${built.terms} terms from ${built.descriptions} descriptions -> ${values.out}`);
}
