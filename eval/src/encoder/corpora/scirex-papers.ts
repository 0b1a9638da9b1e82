/**
 * @module SciREX papers (https://github.com/allenai/SciREX) as sentences grouped by section, read
 * from the `words` token list and the `sentences` / `sections` word ranges of each document.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ScirexSentence {
  text: string;
  sectionIndex: number;
  /** Section headings ("section : Introduction") and the title line. */
  isHeading: boolean;
}

export interface ScirexPaper {
  documentId: string;
  sentences: ScirexSentence[];
}

interface RawScirexDocument {
  doc_id: string;
  words: string[];
  sentences: [number, number][];
  sections: [number, number][];
}

/** Reads every paper in the folder, in file-name order (so training sees a fixed order). */
export async function readScirexPapers(directory: string): Promise<ScirexPaper[]> {
  const files = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort();
  const papers: ScirexPaper[] = [];
  for (const file of files) {
    const raw = JSON.parse(await readFile(join(directory, file), 'utf8')) as RawScirexDocument;
    let sectionIndex = 0;
    const sentences = raw.sentences.map(([start, end], sentenceIndex) => {
      while (
        sectionIndex < raw.sections.length - 1 &&
        (raw.sections[sectionIndex]?.[1] ?? 0) <= start
      ) {
        sectionIndex += 1;
      }
      const words = raw.words.slice(start, end);
      const isHeading = sentenceIndex === 0 || (words[0] === 'section' && words[1] === ':');
      return { text: words.join(' '), sectionIndex, isHeading };
    });
    papers.push({ documentId: raw.doc_id, sentences });
  }
  return papers;
}
