#!/usr/bin/env node
// @module Rebuilds the LaTeX-pairs text-fidelity set (docs/benchmarks.md) from local copies of the
// repositories in manifest.jsonl: writes OUT/tune/ and OUT/report/, each a folder that
// `quarry eval pdfs --dir` reads (<id>.pdf, reference-sentences.jsonl,
// caption-footnote-texts.jsonl, manifest.jsonl; no questions.jsonl, so the eval measures text
// fidelity only). The papers stay outside the repository; only the manifest is committed.
// The logic is eval/src/frames/latex-pairs.ts (tested); build it first: npm run build -w eval.
//
//   node eval/latex-pairs/rebuild.mjs [--manifest FILE] [--mirrors DIR] [--out DIR] [--no-appendix] [--keep-unshown]
//                                     [--half tune|report] [--sentences-per-paper N]
//
// Reference sentences that the PDF does not hold (by pdftotext in any of its three reading orders,
// letters and digits only) are left out and counted; --keep-unshown keeps them.
// --mirrors holds one bare git folder per repository, found under DIR/<owner>+<name>/ (default
// /work/.mirror); --out defaults to /work/latex-pairs. A paper whose mirror, commit or path is
// missing is reported with its manifest line and left out; the others go on.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const built = join(here, '..', 'dist', 'frames', 'latex-pairs.js');
if (!existsSync(built)) {
  console.error(`error: ${built} is missing; run: npm run build -w eval`);
  process.exit(1);
}
const { lettersAndDigits, shownInPdfText } = await import(
  join(here, '..', 'dist', 'frames', 'shown-in-pdf-text.js')
);
const {
  describeLatexPairProblem,
  isLatexPairProblem,
  latexPairFiles,
  latexPairHalves,
  parseLatexPairsManifest,
} = await import(built);

const { values } = parseArgs({
  options: {
    manifest: { type: 'string', default: join(here, 'manifest.jsonl') },
    mirrors: { type: 'string', default: '/work/.mirror' },
    out: { type: 'string', default: '/work/latex-pairs' },
    'no-appendix': { type: 'boolean', default: false },
    'keep-unshown': { type: 'boolean', default: false },
    'sentences-per-paper': { type: 'string' },
    half: { type: 'string' },
  },
});
const out = resolve(values.out);
// A deeper set of one half for finding what fails (`--half tune --sentences-per-paper 1000`): the
// committed benchmark keeps the default count; the report half is never read this way.
const perPaper =
  values['sentences-per-paper'] === undefined ? undefined : Number(values['sentences-per-paper']);
if (perPaper !== undefined && !(Number.isInteger(perPaper) && perPaper > 0)) {
  console.error('error: --sentences-per-paper takes a positive whole number');
  process.exit(1);
}
if (values.half !== undefined && !latexPairHalves.includes(values.half)) {
  console.error(`error: --half takes one of ${latexPairHalves.join(', ')}`);
  process.exit(1);
}

/** The bare git folder of owner/name under the mirrors folder (searched 3 levels deep). */
function findGitDirectory(repo) {
  const top = join(values.mirrors, repo.replace('/', '+'));
  const queue = [{ path: top, depth: 0 }];
  while (queue.length > 0) {
    const { path, depth } = queue.shift();
    if (!existsSync(path) || !statSync(path).isDirectory()) continue;
    if (existsSync(join(path, 'HEAD')) && existsSync(join(path, 'objects'))) return path;
    if (depth >= 3) continue;
    for (const name of readdirSync(path).sort())
      queue.push({ path: join(path, name), depth: depth + 1 });
  }
  return undefined;
}

function git(gitDirectory, args) {
  return execFileSync('git', ['--git-dir', gitDirectory, ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 512 * 1024 * 1024,
  });
}

/**
 * The PDF's text in each of pdftotext's three reading orders (poppler, independent of Quarry's
 * extraction): by columns, as drawn, and as laid out; each reads some pages better than the others.
 */
function pdfTexts(pdf) {
  const path = join(tmpdir(), `quarry-latex-pair-${process.pid}.pdf`);
  writeFileSync(path, pdf);
  try {
    return [[], ['-raw'], ['-layout']].map((mode) => {
      try {
        return execFileSync('pdftotext', [...mode, '-enc', 'UTF-8', path, '-'], {
          stdio: ['ignore', 'pipe', 'ignore'],
          maxBuffer: 256 * 1024 * 1024,
        }).toString('utf8');
      } catch (error) {
        if (error.code !== 'ENOENT') return '';
        console.error(
          'error: pdftotext is missing (Debian: poppler-utils); it tells which reference sentences the PDF holds. --keep-unshown skips the check.',
        );
        process.exit(1);
      }
    });
  } finally {
    rmSync(path, { force: true });
  }
}

function hasCommit(gitDirectory, commit) {
  try {
    git(gitDirectory, ['cat-file', '-e', `${commit}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

const { pairs, problems } = parseLatexPairsManifest(readFileSync(values.manifest, 'utf8'));
for (const problem of problems) console.error(`error: ${describeLatexPairProblem(problem)}`);
const halves = values.half === undefined ? latexPairHalves : [values.half];
const folders = Object.fromEntries(
  halves.map((half) => [half, { references: [], asides: [], manifest: [], papers: 0, unshown: 0 }]),
);
for (const half of halves) {
  rmSync(join(out, half), { recursive: true, force: true });
  mkdirSync(join(out, half), { recursive: true });
}
let failed = problems.length;
for (const [position, pair] of pairs.entries()) {
  if (!halves.includes(pair.half)) continue;
  const prefix = `${position + 1}/${pairs.length} ${pair.id} (${pair.half})`;
  const fail = (message) => {
    failed += 1;
    console.error(`error: ${describeLatexPairProblem({ line: pair.line, id: pair.id, message })}`);
  };
  const gitDirectory = findGitDirectory(pair.repo);
  if (gitDirectory === undefined) {
    fail(`no mirror of ${pair.repo} under ${values.mirrors}`);
    continue;
  }
  if (!hasCommit(gitDirectory, pair.commit)) {
    fail(`the mirror ${gitDirectory} has no commit ${pair.commit}`);
    continue;
  }
  const read = (path) => {
    try {
      return git(gitDirectory, ['show', `${pair.commit}:${path}`]);
    } catch {
      return undefined;
    }
  };
  const files = latexPairFiles({
    pair,
    read,
    includeAppendix: !values['no-appendix'],
    ...(perPaper === undefined ? {} : { sentencesPerPaper: perPaper }),
  });
  if (isLatexPairProblem(files)) {
    fail(files.message);
    continue;
  }
  const folder = folders[pair.half];
  writeFileSync(join(out, pair.half, files.file), files.pdf);
  // A sentence the compiled PDF does not hold (its source changed after it was built) measures
  // the pair, not the extraction: it is left out, and counted.
  const texts = values['keep-unshown'] ? [] : pdfTexts(files.pdf).map(lettersAndDigits);
  const references = values['keep-unshown']
    ? files.references
    : files.references.filter((reference) =>
        texts.some((letters) => shownInPdfText(reference.sentence, letters)),
      );
  const unshown = files.references.length - references.length;
  folder.unshown += unshown;
  folder.references.push(...references);
  folder.asides.push(...files.asides);
  folder.manifest.push(files.manifestLine);
  folder.papers += 1;
  const missing =
    files.missingInputs.length > 0 ? `; inputs not found: ${files.missingInputs.join(', ')}` : '';
  console.error(
    `${prefix}: ${references.length} of ${files.cleanSentences} clean sentences (${unshown} not in the PDF's text), ${files.asides.length} captions and footnotes${missing}`,
  );
}
const jsonLines = (records) => records.map((record) => `${JSON.stringify(record)}\n`).join('');
for (const half of halves) {
  const folder = folders[half];
  writeFileSync(join(out, half, 'reference-sentences.jsonl'), jsonLines(folder.references));
  writeFileSync(join(out, half, 'caption-footnote-texts.jsonl'), jsonLines(folder.asides));
  writeFileSync(join(out, half, 'manifest.jsonl'), jsonLines(folder.manifest));
  console.error(
    `${half}: ${folder.papers} papers, ${folder.references.length} reference sentences in ${join(out, half)} (${folder.unshown} left out: not in the PDF's text)`,
  );
}
if (failed > 0) console.error(`${failed} manifest lines left out (see the errors above)`);
