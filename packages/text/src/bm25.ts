/**
 * @module BM25 kernel: an in-memory inverted index over documents with weighted text fields,
 * ranked with BM25F (Robertson, Zaragoza & Taylor, "Simple BM25 extension to multiple weighted
 * fields", CIKM 2004) and the non-negative IDF of Lucene's BM25Similarity.
 */

import { AppError } from '@quarry/core';
import type { Analyzer } from './analyze.js';
import {
  mergeSegments,
  PostingLog,
  postingCount,
  findPosting,
  termRange,
} from './bm25-postings.js';
import type { PostingSegment } from './bm25-postings.js';
import { resolveSettings } from './bm25-settings.js';
import type { Settings } from './bm25-settings.js';
import { TopScores } from './top-scores.js';
import { withCapacity } from './typed-array-capacity.js';

/**
 * Document ids are the caller's own strings or numbers, returned as given; `1` and `"1"` are
 * different ids.
 */
export type Bm25DocumentId = string | number;

export interface Bm25Field {
  name: string;
  /** Multiplies the field's term frequencies (BM25F boost). Default 1. */
  weight?: number;
  /** Length normalisation of this field, 0 (none) to 1 (full). Default: the index's `b`. */
  b?: number;
}

export interface Bm25IndexOptions {
  /** At least one field, e.g. `[{ name: 'sentence' }, { name: 'context', weight: 0.3 }]`. */
  fields: readonly Bm25Field[];
  /** Term-frequency saturation. Default 0.9. */
  k1?: number;
  /** Length normalisation, 0 to 1, for fields that set none. Default 0.4. */
  b?: number;
  /** Turns document and query text into terms. Default `analyze`. */
  analyzer?: Analyzer;
}

export interface Bm25Document<Id extends Bm25DocumentId = string> {
  id: Id;
  /** Text by field name; a field left out is empty. */
  fields: Readonly<Partial<Record<string, string>>>;
}

export interface Bm25SearchOptions<Id extends Bm25DocumentId = string> {
  /** Most hits to return. */
  limit: number;
  /** Keeps only documents it returns true for; called only for documents that could rank. */
  filter?: (id: Id) => boolean;
}

export interface Bm25Hit<Id extends Bm25DocumentId = string> {
  id: Id;
  score: number;
}

export interface Bm25Index<Id extends Bm25DocumentId = string> {
  /** How many documents the index holds. */
  readonly size: number;
  /** Adds one document; an id already in the index is an AppError `conflict`. */
  add(document: Bm25Document<Id>): void;
  addAll(documents: Iterable<Bm25Document<Id>>): void;
  has(id: Id): boolean;
  /** The best `limit` documents for `query`, highest score first; ties in the order added. */
  search(query: string, options: Bm25SearchOptions<Id>): Bm25Hit<Id>[];
  /**
   * Exact scores of the given documents for `query`, in the order given (for re-scoring candidates
   * from another index). A document that matches no query term, or is not in the index, scores 0.
   */
  scoreDocuments(query: string, ids: readonly Id[]): Bm25Hit<Id>[];
  /**
   * The score of a document of average length that holds every query term once in a field of
   * weight 1 (terms the index has never seen count with the IDF of a term in no document): a
   * yardstick that says how much of the query a score covers, unlike the top score of a search.
   */
  fullMatchScore(query: string): number;
  /**
   * An independent copy to add documents to, sharing this index's postings (immutable segments,
   * never copied): adding to the copy leaves this index, and searches on it, unchanged, and the
   * copy scores exactly as an index built from scratch over the same documents would. Costs one
   * pass over the per-document and per-term tables (ids, lengths, document frequencies).
   */
  fork(): Bm25Index<Id>;
  /**
   * Compacts the postings of documents added since the last query and refreshes the length norms
   * now, which the next query would otherwise do (after a bulk load, a slice linear in the index).
   */
  compact(): void;
}

/** Most occurrences of one term in one field that are counted (frequencies are 16-bit). */
const maxFrequency = 0xffff;

/**
 * Creates an empty BM25F index. Documents can be added at any time; postings of new documents are
 * compacted into the index by the next query, at a cost linear in the new postings (and, now and
 * then, a log-structured merge).
 *
 * Score of document d for query q, over the query's terms t (repeated terms count again):
 *   tf(t, d) = sum over fields f of weight_f * tf_f(t, d) / (1 - b_f + b_f * len_f(d) / avglen_f)
 *   idf(t)   = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
 *   score    = sum of idf(t) * tf(t, d) / (k1 + tf(t, d))
 */
export function createBm25Index<Id extends Bm25DocumentId = string>(
  options: Bm25IndexOptions,
): Bm25Index<Id> {
  return new FieldedBm25Index<Id>(resolveSettings(options));
}

class FieldedBm25Index<Id extends Bm25DocumentId> implements Bm25Index<Id> {
  private readonly fieldCount: number;
  private ids: Id[] = [];
  private documentNumbers = new Map<Id, number>();
  private termNumbers = new Map<string, number>();
  private documentFrequencies = new Uint32Array(1024);
  private fieldLengths: Uint32Array;
  private totalFieldLengths: Float64Array;
  private readonly log: PostingLog;
  /** Immutable once made: compaction and merges make new segments, so forks can share them. */
  private segments: PostingSegment[] = [];
  /** Documents from this number on have their postings in the log. */
  private firstLoggedDocument = 0;
  /** 1 / (1 - b + b * len / avglen) per document and field, valid for `normsDocumentCount` documents. */
  private inverseNorms = new Float64Array(0);
  private normsDocumentCount = -1;
  // Scratch space reused by every add and query.
  private termSlots = new Int32Array(1024).fill(-1);
  private slotTerms = new Int32Array(256);
  private slotFrequencies: Uint16Array;
  private scores = new Float64Array(0);
  private touched = new Uint32Array(0);

  constructor(private readonly settings: Settings) {
    this.fieldCount = settings.fieldNames.length;
    this.fieldLengths = new Uint32Array(1024 * this.fieldCount);
    this.totalFieldLengths = new Float64Array(this.fieldCount);
    this.log = new PostingLog(this.fieldCount);
    this.slotFrequencies = new Uint16Array(256 * this.fieldCount);
  }

  get size(): number {
    return this.ids.length;
  }

  compact(): void {
    this.prepareForQueries();
  }

  fork(): Bm25Index<Id> {
    // Compact first, so that every posting lives in a segment the copy can share.
    this.prepareForQueries();
    const copy = new FieldedBm25Index<Id>(this.settings);
    copy.ids = this.ids.slice();
    copy.documentNumbers = new Map(this.documentNumbers);
    copy.termNumbers = new Map(this.termNumbers);
    copy.documentFrequencies = this.documentFrequencies.slice();
    copy.fieldLengths = this.fieldLengths.slice();
    copy.totalFieldLengths = this.totalFieldLengths.slice();
    copy.segments = this.segments.slice();
    copy.firstLoggedDocument = this.firstLoggedDocument;
    // Norms are replaced, never written in place, when the document count changes.
    copy.inverseNorms = this.inverseNorms;
    copy.normsDocumentCount = this.normsDocumentCount;
    copy.termSlots = new Int32Array(this.termSlots.length).fill(-1);
    return copy;
  }

  has(id: Id): boolean {
    return this.documentNumbers.has(id);
  }

  addAll(documents: Iterable<Bm25Document<Id>>): void {
    for (const document of documents) this.add(document);
  }

  add(document: Bm25Document<Id>): void {
    const fieldTerms = this.analyzeDocument(document);
    const documentNumber = this.ids.length;
    this.fieldLengths = withCapacity(this.fieldLengths, (documentNumber + 1) * this.fieldCount);
    let slotCount = 0;
    for (const [field, terms] of fieldTerms.entries()) {
      this.fieldLengths[documentNumber * this.fieldCount + field] = terms.length;
      this.totalFieldLengths[field] = (this.totalFieldLengths[field] ?? 0) + terms.length;
      for (const term of terms) {
        const termNumber = this.termNumberOf(term);
        let slot = this.termSlots[termNumber] ?? -1;
        if (slot < 0) {
          slot = slotCount++;
          this.openSlot(slot, termNumber);
        }
        const at = slot * this.fieldCount + field;
        const frequency = this.slotFrequencies[at] ?? 0;
        if (frequency < maxFrequency) this.slotFrequencies[at] = frequency + 1;
      }
    }
    for (let slot = 0; slot < slotCount; slot++) {
      const termNumber = this.slotTerms[slot] ?? 0;
      this.termSlots[termNumber] = -1;
      this.documentFrequencies[termNumber] = (this.documentFrequencies[termNumber] ?? 0) + 1;
    }
    this.log.append({
      document: documentNumber,
      terms: this.slotTerms,
      frequencies: this.slotFrequencies,
      count: slotCount,
    });
    this.ids.push(document.id);
    this.documentNumbers.set(document.id, documentNumber);
  }

  search(query: string, options: Bm25SearchOptions<Id>): Bm25Hit<Id>[] {
    if (!Number.isInteger(options.limit) || options.limit < 0) {
      throw new AppError({
        code: 'invalid_input',
        message: `search limit must be a non-negative integer, got ${options.limit}`,
        fix: 'pass a whole number such as 10',
      });
    }
    const queryTerms = this.queryTerms(query);
    if (options.limit === 0 || queryTerms.size === 0) return [];
    this.prepareForQueries();
    const touchedCount = this.accumulateScores(queryTerms);
    const top = new TopScores(options.limit);
    try {
      for (let index = 0; index < touchedCount; index++) {
        const document = this.touched[index] ?? 0;
        const score = this.scores[document] ?? 0;
        if (!top.wouldKeep(document, score)) continue;
        if (options.filter === undefined || options.filter(this.idOf(document))) {
          top.offer(document, score);
        }
      }
    } finally {
      for (let index = 0; index < touchedCount; index++) this.scores[this.touched[index] ?? 0] = 0;
    }
    return top.toSorted().map(({ item, score }) => ({ id: this.idOf(item), score }));
  }

  scoreDocuments(query: string, ids: readonly Id[]): Bm25Hit<Id>[] {
    const queryTerms = this.queryTerms(query);
    this.prepareForQueries();
    return ids.map((id) => {
      const document = this.documentNumbers.get(id);
      const segment = document === undefined ? undefined : this.segmentOf(document);
      if (document === undefined || segment === undefined) return { id, score: 0 };
      let score = 0;
      for (const [term, idf] of queryTerms) {
        const posting = findPosting(segment, { term, document });
        if (posting < 0) continue;
        const frequency = this.weightedFrequency(segment, posting);
        // Same arithmetic, in the same term order, as accumulateScores: equal scores to the bit.
        if (frequency > 0) score += (idf * frequency) / (this.settings.k1 + frequency);
      }
      return { id, score };
    });
  }

  fullMatchScore(query: string): number {
    const documentCount = this.ids.length;
    let score = 0;
    for (const term of new Set(this.settings.analyzer(query))) {
      const termNumber = this.termNumbers.get(term);
      const idf =
        termNumber === undefined
          ? Math.log(1 + (documentCount + 0.5) / 0.5)
          : this.inverseDocumentFrequency(termNumber);
      score += idf / (this.settings.k1 + 1);
    }
    return score;
  }

  /** Adds every query term's contribution to `scores`; returns how many documents it touched. */
  private accumulateScores(queryTerms: ReadonlyMap<number, number>): number {
    this.scores = withCapacity(this.scores, this.ids.length);
    this.touched = withCapacity(this.touched, this.ids.length);
    let touchedCount = 0;
    for (const [term, idf] of queryTerms) {
      for (const segment of this.segments) {
        const range = termRange(segment, term);
        for (let posting = range.start; posting < range.end; posting++) {
          const frequency = this.weightedFrequency(segment, posting);
          if (frequency <= 0) continue;
          const document = segment.documents[posting] ?? 0;
          const previous = this.scores[document] ?? 0;
          if (previous === 0) this.touched[touchedCount++] = document;
          this.scores[document] = previous + (idf * frequency) / (this.settings.k1 + frequency);
        }
      }
    }
    return touchedCount;
  }

  /** The BM25F pseudo-frequency: length-normalised field frequencies, weighted and summed. */
  private weightedFrequency(segment: PostingSegment, posting: number): number {
    const document = segment.documents[posting] ?? 0;
    let frequency = 0;
    for (let field = 0; field < this.fieldCount; field++) {
      const count = segment.frequencies[posting * this.fieldCount + field] ?? 0;
      if (count === 0) continue;
      frequency +=
        (this.settings.weights[field] ?? 0) *
        count *
        (this.inverseNorms[document * this.fieldCount + field] ?? 0);
    }
    return frequency;
  }

  /** Query terms known to the index, each with its IDF times how often the query repeats it. */
  private queryTerms(query: string): Map<number, number> {
    const terms = new Map<number, number>();
    for (const term of this.settings.analyzer(query)) {
      const termNumber = this.termNumbers.get(term);
      if (termNumber === undefined) continue;
      terms.set(
        termNumber,
        (terms.get(termNumber) ?? 0) + this.inverseDocumentFrequency(termNumber),
      );
    }
    return terms;
  }

  private inverseDocumentFrequency(termNumber: number): number {
    const documentFrequency = this.documentFrequencies[termNumber] ?? 0;
    const documentCount = this.ids.length;
    return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
  }

  /** Compacts logged postings into segments and refreshes length norms after additions. */
  private prepareForQueries(): void {
    const documentCount = this.ids.length;
    if (this.log.length > 0) {
      this.segments.push(
        this.log.drainToSegment({
          firstDocument: this.firstLoggedDocument,
          endDocument: documentCount,
          termCount: this.termNumbers.size,
        }),
      );
      this.mergeSmallSegments();
    }
    this.firstLoggedDocument = documentCount;
    if (this.normsDocumentCount !== documentCount) this.computeNorms();
  }

  /** Merges the newest segment into the one before while it is at least half that one's size. */
  private mergeSmallSegments(): void {
    for (;;) {
      const newer = this.segments.at(-1);
      const older = this.segments.at(-2);
      if (newer === undefined || older === undefined) return;
      if (postingCount(newer) * 2 < postingCount(older)) return;
      this.segments.splice(-2, 2, mergeSegments(older, newer, this.fieldCount));
    }
  }

  private computeNorms(): void {
    const documentCount = this.ids.length;
    this.inverseNorms = new Float64Array(documentCount * this.fieldCount);
    for (let field = 0; field < this.fieldCount; field++) {
      const averageLength = (this.totalFieldLengths[field] ?? 0) / Math.max(documentCount, 1);
      const b = this.settings.lengthNormalisations[field] ?? 0;
      for (let document = 0; document < documentCount; document++) {
        const at = document * this.fieldCount + field;
        const relativeLength = averageLength > 0 ? (this.fieldLengths[at] ?? 0) / averageLength : 1;
        this.inverseNorms[at] = 1 / (1 - b + b * relativeLength);
      }
    }
    this.normsDocumentCount = documentCount;
  }

  private segmentOf(document: number): PostingSegment | undefined {
    return this.segments.find(
      (segment) => document >= segment.firstDocument && document < segment.endDocument,
    );
  }

  private analyzeDocument(document: Bm25Document<Id>): string[][] {
    if (this.documentNumbers.has(document.id)) {
      throw new AppError({
        code: 'conflict',
        message: `document ${JSON.stringify(document.id)} is already in the BM25 index`,
        fix: 'give every document a unique id',
      });
    }
    for (const name of Object.keys(document.fields)) {
      if (!this.settings.fieldNumbers.has(name)) {
        throw new AppError({
          code: 'invalid_input',
          message: `document ${JSON.stringify(document.id)} has field "${name}", which the index does not define`,
          fix: `use one of: ${this.settings.fieldNames.join(', ')}`,
        });
      }
    }
    return this.settings.fieldNames.map((name) => {
      const text = document.fields[name];
      return text === undefined || text.length === 0 ? [] : this.settings.analyzer(text);
    });
  }

  private termNumberOf(term: string): number {
    let termNumber = this.termNumbers.get(term);
    if (termNumber === undefined) {
      termNumber = this.termNumbers.size;
      this.termNumbers.set(term, termNumber);
      this.documentFrequencies = withCapacity(this.documentFrequencies, termNumber + 1);
      this.termSlots = withCapacity(this.termSlots, termNumber + 1, -1);
    }
    return termNumber;
  }

  /** Starts counting a term the current document has not had yet. */
  private openSlot(slot: number, termNumber: number): void {
    this.termSlots[termNumber] = slot;
    this.slotTerms = withCapacity(this.slotTerms, slot + 1);
    this.slotTerms[slot] = termNumber;
    this.slotFrequencies = withCapacity(this.slotFrequencies, (slot + 1) * this.fieldCount);
    this.slotFrequencies.fill(0, slot * this.fieldCount, (slot + 1) * this.fieldCount);
  }

  private idOf(document: number): Id {
    const id = this.ids[document];
    if (id === undefined) {
      throw new AppError({
        code: 'internal',
        message: `BM25 document number ${document} has no id`,
      });
    }
    return id;
  }
}
