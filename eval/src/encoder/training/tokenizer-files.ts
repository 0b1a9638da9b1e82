/**
 * @module Writes the tokenizer files a trained model ships with: tokenizer.json (truncation set,
 * fixed padding removed), tokenizer_config.json and the tokenizer's licence.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface WriteTokenizerFilesOptions {
  tokenizerDirectory: string;
  tokenizerJson: Record<string, unknown>;
  outDir: string;
  /** Longest sequence the shipped tokenizer produces. */
  maxSequenceLength: number;
}

/**
 * Ships the BERT uncased WordPiece tokenizer (Apache-2.0) with the model, truncating at `maxSequenceLength` tokens
 * and without the fixed 128-token padding the source file carries (the Embedder pads per batch).
 */
export async function writeTokenizerFiles(options: WriteTokenizerFilesOptions): Promise<void> {
  const tokenizerJson = {
    ...options.tokenizerJson,
    truncation: {
      direction: 'Right',
      max_length: options.maxSequenceLength,
      strategy: 'LongestFirst',
      stride: 0,
    },
    padding: null,
  };
  await writeFile(join(options.outDir, 'tokenizer.json'), JSON.stringify(tokenizerJson));
  const configFile = join(options.tokenizerDirectory, 'tokenizer_config.json');
  const tokenizerConfig = existsSync(configFile)
    ? (JSON.parse(await readFile(configFile, 'utf8')) as Record<string, unknown>)
    : {};
  delete tokenizerConfig['special_tokens_map_file'];
  // The tokenizer's licence travels with it as a notice in our words (the licence file itself stays
  // in the shared data it came from).
  await writeFile(join(options.outDir, 'TOKENIZER-NOTICE.md'), tokenizerNotice);
  await writeFile(
    join(options.outDir, 'tokenizer_config.json'),
    `${JSON.stringify({ ...tokenizerConfig, model_max_length: options.maxSequenceLength }, null, 2)}\n`,
  );
}

/** Where the shipped tokenizer comes from and under which licence. */
export const tokenizerNotice = `# Tokenizer notice

\`tokenizer.json\` is the BERT base uncased WordPiece tokenizer (as used by all-MiniLM-L6-v2),
distributed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0).
Quarry changed only its truncation and padding settings.
`;
