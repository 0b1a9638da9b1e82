/**
 * @module WordNet 3.0 synsets (Princeton University; the Debian package `wordnet-base` installs
 * them under /usr/share/wordnet): each synset's lemmas, its definition and the lemmas of its first
 * hypernym. They teach the static encoder general English paraphrase ("downside" ~ "a negative
 * aspect of something", "memorise" ~ "commit to memory") that the scientific training text alone
 * cannot. The database files are read at training time and never copied into the repository.
 */
import { join } from 'node:path';
import { AppError, readTextFile } from '@quarry/core';

export const defaultWordnetDirectory = '/usr/share/wordnet';

/** Written next to a model trained on WordNet, as its licence asks of works that use it. */
export const wordnetNotice = `# WordNet notice

This model was trained in part on WordNet 3.0 (synonyms, definitions and hypernyms; see the
\`wordnet-definitions\` source in README.md). WordNet 3.0 Copyright 2006 by Princeton University.
All rights reserved. It is used under the WordNet 3.0 licence, which permits use, copying,
modification and distribution without fee provided the copyright notice appears, and which
provides WordNet "as is", without representations or warranties of any kind, express or implied
(Debian ships the full licence with the database in /usr/share/doc/wordnet-base/copyright).
No WordNet text is stored in this folder: the model holds only vectors learnt from it.
`;
export const wordnetDataFiles = ['data.noun', 'data.verb', 'data.adj', 'data.adv'] as const;

export interface WordnetSynset {
  /** Lemmas with spaces for underscores and without adjective markers ("chess opening"). */
  lemmas: string[];
  /** The definition, without the quoted usage examples. */
  definition: string;
  /** Lemmas of the first hypernym ("is a kind of"), empty when there is none. */
  hypernymLemmas: string[];
}

interface RawSynset {
  key: string;
  lemmas: string[];
  definition: string;
  hypernymKey: string | null;
}

/** Every synset of the four data files, in file order. */
export async function readWordnetSynsets(directory: string): Promise<WordnetSynset[]> {
  const raw: RawSynset[] = [];
  for (const file of wordnetDataFiles) {
    const path = join(directory, file);
    const text = await readTextFile({
      path,
      what: 'the WordNet database',
      fix: 'install it (Debian: apt-get install wordnet-base) or pass the folder that holds data.noun',
    });
    const lines = text.split('\n');
    for (const [lineIndex, line] of lines.entries()) {
      if (line.length === 0 || line.startsWith(' ')) continue; // licence header
      const synset = parseDataLine(line);
      if (synset === null) {
        throw new AppError({
          code: 'invalid_input',
          message: 'not a WordNet data line',
          where: `${path}:${lineIndex + 1}`,
        });
      }
      raw.push(synset);
    }
  }
  const lemmasByKey = new Map(raw.map((synset) => [synset.key, synset.lemmas]));
  return raw.map((synset) => ({
    lemmas: synset.lemmas,
    definition: synset.definition,
    hypernymLemmas: synset.hypernymKey === null ? [] : (lemmasByKey.get(synset.hypernymKey) ?? []),
  }));
}

/**
 * One line of a WordNet data file (wndb(5)): `offset lex_filenum ss_type w_cnt (word lex_id)…
 * p_cnt (pointer_symbol offset pos source/target)… [frames] | gloss`; w_cnt is hexadecimal.
 */
export function parseDataLine(line: string): RawSynset | null {
  const bar = line.indexOf(' | ');
  const fields = (bar < 0 ? line : line.slice(0, bar)).trim().split(' ');
  const gloss = bar < 0 ? '' : line.slice(bar + 3).trim();
  const [offset, , type, wordCountHex] = fields;
  if (offset === undefined || type === undefined || wordCountHex === undefined) return null;
  const wordCount = Number.parseInt(wordCountHex, 16);
  if (!/^\d{8}$/.test(offset) || !Number.isInteger(wordCount) || wordCount < 1) return null;
  const lemmas: string[] = [];
  for (let word = 0; word < wordCount; word++) {
    const lemma = fields[4 + 2 * word];
    if (lemma === undefined) return null;
    lemmas.push(lemma.replace(/\([a-z]+\)$/, '').replace(/_/g, ' '));
  }
  const pointerStart = 4 + 2 * wordCount;
  const pointerCount = Number(fields[pointerStart]);
  if (!Number.isInteger(pointerCount)) return null;
  let hypernymKey: string | null = null;
  for (let pointer = 0; pointer < pointerCount; pointer++) {
    const at = pointerStart + 1 + 4 * pointer;
    const symbol = fields[at];
    if ((symbol === '@' || symbol === '@i') && hypernymKey === null) {
      hypernymKey = `${fields[at + 2] === 's' ? 'a' : fields[at + 2]}:${fields[at + 1]}`;
    }
  }
  const definition = gloss.split(/;\s*"/)[0]?.replace(/;\s*$/, '').trim() ?? '';
  const normalisedType = type === 's' ? 'a' : type;
  return { key: `${normalisedType}:${offset}`, lemmas, definition, hypernymKey };
}
