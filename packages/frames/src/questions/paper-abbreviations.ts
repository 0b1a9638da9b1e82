/**
 * @module The short forms of each paper in a batch of frames, spelled out (abbreviations.ts): the
 * definitions its prose makes, and the capitalised initialisms its table rows' labels use that its
 * prose spells out without defining ("Conditional Random Field" for a row "CRF").
 */
import { tableRowParts } from '../table-row-text.js';
import { abbreviationsIn, initialismsIn } from './abbreviations.js';
import type { QuestionSource } from './question-generator.js';

/**
 * The abbreviations each paper's prose defines, by paper title (the frames may span papers), and
 * the capitalised initialisms its rows' labels use that its prose spells out.
 */
export function abbreviationsByPaper(
  frames: readonly QuestionSource[],
): Map<string, ReadonlyMap<string, string>> {
  const prose = new Map<string, string[]>();
  for (const frame of frames) {
    if (frame.sectionKind === 'table') continue;
    const sentences = prose.get(frame.paperTitle) ?? [];
    sentences.push(frame.text);
    prose.set(frame.paperTitle, sentences);
  }
  // Capitalised labels of the paper's table rows ("CRF") that no definition spells out.
  const rowWords = new Map<string, Set<string>>();
  for (const frame of frames) {
    if (frame.sectionKind !== 'table') continue;
    const words = rowWords.get(frame.paperTitle) ?? new Set<string>();
    for (const name of tableRowParts(frame.text)?.names ?? []) {
      for (const word of name.split(/[^\p{L}]+/u)) words.add(word);
    }
    rowWords.set(frame.paperTitle, words);
  }
  return new Map(
    [...prose].map(([title, sentences]) => {
      const defined = abbreviationsIn(sentences);
      const undefinedWords = [...(rowWords.get(title) ?? [])].filter((word) => !defined.has(word));
      for (const [short, long] of initialismsIn(sentences, undefinedWords))
        defined.set(short, long);
      return [title, defined] as const;
    }),
  );
}
