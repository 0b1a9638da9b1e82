/**
 * @module Compact postings for the BM25 index. New documents append to a log; the log is compacted
 * into immutable segments in compressed-sparse-row form (term offsets, document numbers and
 * per-field term frequencies, each one typed array), and segments merge log-structured, so an
 * index that grows by many small additions keeps O(log n) segments.
 */

import { withCapacity } from './typed-array-capacity.js';

const initialCapacity = 1024;

/** Postings of a contiguous range of documents, grouped by term, documents ascending. */
export interface PostingSegment {
  /** Internal document numbers covered: [firstDocument, endDocument). */
  firstDocument: number;
  endDocument: number;
  /** Term t's postings are [termOffsets[t], termOffsets[t + 1]); later terms have none here. */
  termOffsets: Uint32Array;
  /** Internal document number of each posting. */
  documents: Uint32Array;
  /** `fieldCount` term frequencies per posting, field by field. */
  frequencies: Uint16Array;
}

/** One document's postings, as the index collects them while analysing it. */
export interface DocumentPostings {
  document: number;
  /** Term number of each posting, in `terms[0 .. count)`. */
  terms: Int32Array;
  /** `fieldCount` frequencies per posting, in the same order as `terms`. */
  frequencies: Uint16Array;
  count: number;
}

/** Postings in the order documents were added, waiting to be compacted into a segment. */
export class PostingLog {
  length = 0;
  private terms = new Uint32Array(initialCapacity);
  private documents = new Uint32Array(initialCapacity);
  private frequencies: Uint16Array;

  constructor(private readonly fieldCount: number) {
    this.frequencies = new Uint16Array(initialCapacity * fieldCount);
  }

  append(postings: DocumentPostings): void {
    const needed = this.length + postings.count;
    this.terms = withCapacity(this.terms, needed);
    this.documents = withCapacity(this.documents, needed);
    this.frequencies = withCapacity(this.frequencies, needed * this.fieldCount);
    for (let index = 0; index < postings.count; index++) {
      this.terms[this.length] = postings.terms[index] ?? 0;
      this.documents[this.length] = postings.document;
      const from = index * this.fieldCount;
      const to = this.length * this.fieldCount;
      for (let field = 0; field < this.fieldCount; field++) {
        this.frequencies[to + field] = postings.frequencies[from + field] ?? 0;
      }
      this.length++;
    }
  }

  /** Sorts the log by term (a counting sort, stable, so documents stay ascending) and empties it. */
  drainToSegment(range: {
    firstDocument: number;
    endDocument: number;
    termCount: number;
  }): PostingSegment {
    const termOffsets = new Uint32Array(range.termCount + 1);
    for (let index = 0; index < this.length; index++) {
      const term = this.terms[index] ?? 0;
      termOffsets[term + 1] = (termOffsets[term + 1] ?? 0) + 1;
    }
    for (let term = 0; term < range.termCount; term++) {
      termOffsets[term + 1] = (termOffsets[term + 1] ?? 0) + (termOffsets[term] ?? 0);
    }
    const cursors = termOffsets.slice(0, range.termCount);
    const documents = new Uint32Array(this.length);
    const frequencies = new Uint16Array(this.length * this.fieldCount);
    for (let index = 0; index < this.length; index++) {
      const term = this.terms[index] ?? 0;
      const position = cursors[term] ?? 0;
      cursors[term] = position + 1;
      documents[position] = this.documents[index] ?? 0;
      for (let field = 0; field < this.fieldCount; field++) {
        frequencies[position * this.fieldCount + field] =
          this.frequencies[index * this.fieldCount + field] ?? 0;
      }
    }
    this.clear();
    return {
      firstDocument: range.firstDocument,
      endDocument: range.endDocument,
      termOffsets,
      documents,
      frequencies,
    };
  }

  /** Empties the log and gives back the memory a large batch of additions took. */
  private clear(): void {
    this.length = 0;
    this.terms = new Uint32Array(initialCapacity);
    this.documents = new Uint32Array(initialCapacity);
    this.frequencies = new Uint16Array(initialCapacity * this.fieldCount);
  }
}

export function postingCount(segment: PostingSegment): number {
  return segment.documents.length;
}

/** Merges an older segment with the newer one that follows it in document order. */
export function mergeSegments(
  older: PostingSegment,
  newer: PostingSegment,
  fieldCount: number,
): PostingSegment {
  const termCount = Math.max(older.termOffsets.length, newer.termOffsets.length) - 1;
  const termOffsets = new Uint32Array(termCount + 1);
  const documents = new Uint32Array(older.documents.length + newer.documents.length);
  const frequencies = new Uint16Array(documents.length * fieldCount);
  let position = 0;
  for (let term = 0; term < termCount; term++) {
    termOffsets[term] = position;
    for (const segment of [older, newer]) {
      const range = termRange(segment, term);
      for (let posting = range.start; posting < range.end; posting++) {
        documents[position] = segment.documents[posting] ?? 0;
        for (let field = 0; field < fieldCount; field++) {
          frequencies[position * fieldCount + field] =
            segment.frequencies[posting * fieldCount + field] ?? 0;
        }
        position++;
      }
    }
  }
  termOffsets[termCount] = position;
  return {
    firstDocument: older.firstDocument,
    endDocument: newer.endDocument,
    termOffsets,
    documents,
    frequencies,
  };
}

/** [start, end) of `term`'s postings in `segment`; empty for terms newer than the segment. */
export function termRange(segment: PostingSegment, term: number): { start: number; end: number } {
  if (term + 1 >= segment.termOffsets.length) return { start: 0, end: 0 };
  return { start: segment.termOffsets[term] ?? 0, end: segment.termOffsets[term + 1] ?? 0 };
}

/** Position of `document` among `term`'s postings in `segment` (binary search), or -1. */
export function findPosting(
  segment: PostingSegment,
  query: { term: number; document: number },
): number {
  const range = termRange(segment, query.term);
  let low = range.start;
  let high = range.end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const found = segment.documents[middle] ?? 0;
    if (found === query.document) return middle;
    if (found < query.document) low = middle + 1;
    else high = middle;
  }
  return -1;
}
