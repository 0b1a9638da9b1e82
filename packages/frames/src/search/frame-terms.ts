/**
 * @module A frame's BM25F document as the PostgreSQL search backend stores it: its distinct
 * analysed terms, each term's frequency in the sentence, context and title fields, and the length
 * of every field. Pure: the same analyser and field texts as the in-memory BM25F (frame-bm25.ts).
 */
import { analyze } from '@quarry/text';
import type { Analyzer, Bm25Document } from '@quarry/text';

/** The three BM25F fields, in the order every per-field array uses. */
export const searchFields = ['sentence', 'context', 'title'] as const;

/** smallint columns: longer runs of one term in one field are counted as this many. */
const maxStoredFrequency = 32_767;

export interface FrameTerms {
  /** Distinct terms, in first-seen order. */
  terms: string[];
  /** frequencies[field][i] is how often terms[i] occurs in that field. */
  frequencies: [number[], number[], number[]];
  /** Terms per field (every occurrence, as the in-memory index counts lengths). */
  lengths: [number, number, number];
}

export function frameTerms(
  document: Bm25Document<number>,
  analyzer: Analyzer = analyze,
): FrameTerms {
  const slots = new Map<string, number>();
  const terms: string[] = [];
  const frequencies: [number[], number[], number[]] = [[], [], []];
  const lengths: [number, number, number] = [0, 0, 0];
  for (const [field, name] of searchFields.entries()) {
    const text = document.fields[name];
    const analysed = text === undefined || text.length === 0 ? [] : analyzer(text);
    lengths[field] = analysed.length;
    for (const term of analysed) {
      let slot = slots.get(term);
      if (slot === undefined) {
        slot = terms.length;
        slots.set(term, slot);
        terms.push(term);
        for (const column of frequencies) column.push(0);
      }
      const column = frequencies[field];
      if (column !== undefined)
        column[slot] = Math.min((column[slot] ?? 0) + 1, maxStoredFrequency);
    }
  }
  return { terms, frequencies, lengths };
}
