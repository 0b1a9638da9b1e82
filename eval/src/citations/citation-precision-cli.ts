/**
 * @module Command-line entry of the citation precision measurement (issue 37, docs/benchmarks.md):
 *   node eval/dist/citations/citation-precision-cli.js cite --out FILE [--papers PATH]... [--catalog FILE]
 *     every citation the dataset cards would show over those papers (default: the shared SciREX
 *     papers and real PDFs), one JSON line each, text included: keep it outside the repository
 *   ... sample --citations FILE --run NAME [--size 80] [--seed 37]
 *     a seeded sample (one citation per dataset) as label templates with their text, to judge by hand
 *   ... score --labels FILE [--citations FILE --run NAME [--show]]
 *     precision per run of the labels file; with a dump, checks that run's labels are citations of
 *     that dump (exit 1 when one is not) and with --show prints each with its sentence
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repositoryPath, sharedDataPath } from '@quarry/testing';
import { percent } from '../retrieval-metrics.js';
import { parseJsonLines } from '../recommender/text-lines.js';
import {
  citationKey,
  citationPrecision,
  parseCitationLabels,
  sampleCitations,
} from './citation-labels.js';
import { citeCatalog } from './cited-sentences.js';
import type { CitedSentence } from './cited-sentences.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    papers: { type: 'string', multiple: true },
    catalog: { type: 'string', default: repositoryPath('data', 'catalog', 'datasets.jsonl.gz') },
    'per-dataset': { type: 'string', default: '2' },
    citations: { type: 'string' },
    labels: { type: 'string' },
    run: { type: 'string' },
    size: { type: 'string', default: '80' },
    seed: { type: 'string', default: '37' },
    show: { type: 'boolean', default: false },
  },
});

async function readCitations(file: string): Promise<CitedSentence[]> {
  const text = await readFile(file, 'utf8');
  return parseJsonLines({ text, file }).map(({ value }) => value as CitedSentence);
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined) throw new Error(`${positionals[0] ?? ''} needs --${flag}`);
  return value;
}

/** The shared SciREX papers and the real PDFs (not the PDF folder's own JSON Lines files). */
async function sharedPapers(): Promise<string[]> {
  const pdfFolder = sharedDataPath('real-pdfs-dev');
  const pdfs = (await readdir(pdfFolder))
    .filter((file) => file.toLowerCase().endsWith('.pdf'))
    .map((file) => join(pdfFolder, file));
  return [sharedDataPath('scirex', 'papers'), ...pdfs];
}

async function cite(): Promise<void> {
  const out = required(values.out, 'out');
  const cited = await citeCatalog({
    paperPaths: values.papers ?? (await sharedPapers()),
    catalogFile: values.catalog,
    citationsPerDataset: Number(values['per-dataset']),
    onProgress: (message) => console.error(message),
  });
  await writeFile(
    out,
    cited.citations.map((citation) => JSON.stringify(citation)).join('\n') + '\n',
  );
  const datasets = new Set(cited.citations.map((citation) => citation.datasetId)).size;
  console.error(
    `${cited.citations.length} citations of ${datasets} of ${cited.datasets} datasets ` +
      `over ${cited.papers} papers (${cited.frames} frames) -> ${out}`,
  );
}

async function sample(): Promise<void> {
  const citations = await readCitations(required(values.citations, 'citations'));
  const run = required(values.run, 'run');
  const picked = sampleCitations({
    citations,
    size: Number(values.size),
    seed: Number(values.seed),
  });
  for (const citation of picked) {
    const { datasetId, paperId, sentenceIndex, sectionTitle, text } = citation;
    console.log(
      JSON.stringify({
        run,
        datasetId,
        paperId,
        sentenceIndex,
        sectionTitle,
        text,
        names: citation.names.slice(0, 6),
      }),
    );
  }
}

async function score(): Promise<void> {
  const file = required(values.labels, 'labels');
  const labels = parseCitationLabels(await readFile(file, 'utf8'), file);
  for (const run of citationPrecision(labels)) {
    console.log(
      `${run.run}: precision ${percent(run.precision)}% (${run.right}/${run.labelled} right, ` +
        `${run.datasets} datasets; 95% Wilson ${percent(run.low)}-${percent(run.high)}%)`,
    );
  }
  if (values.citations === undefined) return;
  const run = required(values.run, 'run');
  const byKey = new Map(
    (await readCitations(values.citations)).map((citation) => [citationKey(citation), citation]),
  );
  let missing = 0;
  for (const label of labels.filter((label) => label.run === run)) {
    const citation = byKey.get(citationKey(label));
    if (!citation) {
      missing++;
      console.log(
        `not cited in ${values.citations}: ${label.datasetId} / ${label.paperId} #${label.sentenceIndex}`,
      );
    } else if (values.show) {
      console.log(`[${label.label}] ${label.datasetId}: ${citation.text}\n    ${label.reason}`);
    }
  }
  if (missing > 0) process.exitCode = 1;
}

const commands = { cite, sample, score } as const;
const command = positionals[0];
if (command === 'cite' || command === 'sample' || command === 'score') {
  await commands[command]();
} else {
  console.error('usage: citation-precision-cli.js cite|sample|score (see the file header)');
  process.exitCode = 2;
}
