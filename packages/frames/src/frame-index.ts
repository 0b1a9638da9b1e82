/**
 * @module The frame index (Talk to Papers / SOCO, section 3) held in memory: frames in reading
 * order, a BM25F index over sentence, context and paper title, one answer vector per frame and
 * one vector per question of a frame's Q. Answer search (frame-index-search.ts) takes candidates
 * from BM25 and from the vectors, then scores every candidate exactly once with the hybrid score
 * (hybrid-ranking.ts); papers are added by growing a new index (frame-index-growth.ts).
 */
import { AppError } from '@quarry/core';
import type { Embedder } from '@quarry/core';
import { createBm25Index } from '@quarry/text';
import type { Bm25Index } from '@quarry/text';
import type { AnswerSearchOptions, AnswerSearchResult } from './answer-hit.js';
import { fillFrameIndexParts, growFrameIndexParts } from './frame-index-growth.js';
import type { FrameIndexFill } from './frame-index-growth.js';
import type {
  FrameIndexAddition,
  FrameIndexLookups,
  FrameIndexParts,
  FrameRange,
} from './frame-index-parts.js';
import { searchFrameIndex } from './frame-index-search.js';
import type { FrameIndexSettings } from './frame-index-settings.js';
import { contentWords } from './word-match.js';
import type { ContentWords } from './word-match.js';
import type { HybridCandidate } from './hybrid-ranking.js';
import type { SentenceSection } from './section-preference.js';
import type { TableCellSource } from './table-cell-match.js';
import type { IndexedFrame, IndexedQuestion } from './indexed-frame.js';
import { FrameQuestions } from './frame-questions.js';
import { buildFrameRows } from './frame-rows.js';
import { PaperBm25Cache } from './paper-bm25-cache.js';
import { VectorMatrix } from './vector-matrix.js';
import { checkedLimit, checkQuery } from './search/search-input.js';

/** Frames whose content words an index remembers for the word match (see contentWordsOf). */
const rememberedContentWords = 50_000;

export class FrameIndex {
  readonly settings: FrameIndexSettings;
  readonly embedder: Embedder;
  private readonly frames: IndexedFrame[];
  private readonly answerVectors: VectorMatrix;
  private readonly bm25: Bm25Index<number>;
  /** The frames' questions Q with their vectors. */
  private readonly questions: FrameQuestions;
  private readonly rowByFrameId: Map<string, number>;
  private readonly rangeByPaper: Map<string, FrameRange>;
  private readonly paperBm25Cache: PaperBm25Cache;
  /** 1 for frames a question may be answered by (not a heading, not a fragment). */
  private readonly answerable: Uint8Array;
  /**
   * Content words of frames by row, shared with the indexes grown or filled from this one (a row
   * holds the same frame in all of them), so a search after an upload does not start cold.
   */
  private contentWordsByRow = new Map<number, ContentWords>();
  /** `lookups` only from `withPapers`: the derived tables, already built. */
  constructor(parts: FrameIndexParts, lookups?: FrameIndexLookups) {
    this.settings = parts.settings;
    this.embedder = parts.embedder;
    this.frames = parts.frames;
    this.answerVectors = parts.answerVectors;
    this.bm25 = parts.bm25;
    if (lookups !== undefined) {
      this.questions = lookups.questions;
      this.rowByFrameId = lookups.rowByFrameId;
      this.rangeByPaper = lookups.rangeByPaper;
      this.paperBm25Cache = lookups.paperBm25Cache;
      this.answerable = lookups.answerable;
      return;
    }
    const rows = buildFrameRows(this.frames, this.settings.minAnswerWords);
    this.rowByFrameId = rows.rowByFrameId;
    this.rangeByPaper = rows.rangeByPaper;
    this.answerable = rows.answerable;
    this.paperBm25Cache = new PaperBm25Cache(this.settings.inPaperIndexCacheSize);
    this.questions = FrameQuestions.create({
      settings: this.settings,
      questions: parts.questions,
      vectors: parts.questionVectors,
    });
  }

  /**
   * A new index of this one's frames and questions plus the added papers', which shares this
   * index's structures: the BM25 postings (a fork: document frequencies and average lengths now
   * count the new frames, so scores equal those of a load from scratch), the vector storage
   * (appended, not copied, while it has room) and the frame records. This index is left exactly
   * as it was, so searches running on it finish on the old corpus. The added papers' rows follow
   * the existing ones (not in paper-id order as after a full load; only ties may rank differently).
   * The copies of the per-frame tables are made in steps that give the event loop a turn between
   * them (each step is one pass of a few tens of milliseconds on 83K frames); a question added to
   * this index by an annotation meanwhile reaches the new one at the next full load.
   */
  async withPapers(addition: FrameIndexAddition): Promise<FrameIndex> {
    const grown = await growFrameIndexParts({ held: this.heldParts(), addition });
    return this.sharingContentWords(new FrameIndex(grown.parts, grown.lookups));
  }

  private sharingContentWords(index: FrameIndex): FrameIndex {
    index.contentWordsByRow = this.contentWordsByRow;
    return index;
  }

  /**
   * A new index whose frames held without a vector (added with `embed: 'none'`) have the vectors
   * of `fill`, and which holds `fill`'s questions too. The answer vectors are written in place, so
   * this index sees them as well (its frames, BM25 and questions stay as they were).
   */
  async withFilledVectors(fill: FrameIndexFill): Promise<FrameIndex> {
    const lookups = await fillFrameIndexParts({ held: this.heldParts(), fill });
    const parts: FrameIndexParts = {
      embedder: this.embedder,
      settings: this.settings,
      frames: this.frames,
      answerVectors: this.answerVectors,
      bm25: this.bm25,
      // Taken from `questions` in the lookups.
      questions: [],
      questionVectors: new VectorMatrix(this.embedder.dimension, 1),
    };
    return this.sharingContentWords(new FrameIndex(parts, lookups));
  }

  private heldParts() {
    return {
      embedder: this.embedder,
      settings: this.settings,
      frames: this.frames,
      answerVectors: this.answerVectors,
      bm25: this.bm25,
      questions: this.questions,
      rowByFrameId: this.rowByFrameId,
      rangeByPaper: this.rangeByPaper,
      answerable: this.answerable,
      paperBm25Cache: this.paperBm25Cache,
    };
  }

  /** Whether any frame of the paper is held without a vector yet (see `withFilledVectors`). */
  awaitsVectors(paperId: string): boolean {
    const range = this.rangeByPaper.get(paperId);
    if (range === undefined) return false;
    for (let row = range.start; row < range.end; row++) {
      if (this.answerVectors.isZero(row)) return true;
    }
    return false;
  }

  /** Whether question search may return this frame (headings and fragments never answer). */
  isAnswerable(row: number): boolean {
    return this.answerable[row] === 1;
  }

  get modelId(): string {
    return this.embedder.modelId;
  }

  get frameCount(): number {
    return this.frames.length;
  }

  get questionCount(): number {
    return this.questions.count;
  }

  frameRow(frameId: string): number | undefined {
    return this.rowByFrameId.get(frameId);
  }

  /** The frame's row, or an AppError `not_found` for a frame the index does not hold. */
  requireFrameRow(frameId: string): number {
    const row = this.rowByFrameId.get(frameId);
    if (row === undefined) {
      throw new AppError({
        code: 'not_found',
        message: 'the frame is not in the index',
        where: `frame ${frameId}`,
        fix: 'reload the frame index after ingesting papers',
      });
    }
    return row;
  }

  frameAt(row: number): IndexedFrame {
    const frame = this.frames[row];
    if (frame === undefined)
      throw new AppError({ code: 'internal', message: `no frame row ${row}` });
    return frame;
  }

  /** Rows [start, end) of a paper's frames, or undefined for a paper the index does not hold. */
  paperRange(paperId: string): FrameRange | undefined {
    return this.rangeByPaper.get(paperId);
  }

  paperIds(): string[] {
    return [...this.rangeByPaper.keys()];
  }

  /** The previous and next sentence of the same section. */
  contextOf(row: number): { before: string; after: string } {
    const frame = this.frameAt(row);
    const previous = this.frames[row - 1];
    const next = this.frames[row + 1];
    const sameSection = (other: IndexedFrame | undefined) =>
      other !== undefined &&
      other.paperId === frame.paperId &&
      other.sectionIndex === frame.sectionIndex;
    return {
      before: sameSection(previous) ? (previous?.text ?? '') : '',
      after: sameSection(next) ? (next?.text ?? '') : '',
    };
  }

  questionsOfFrame(row: number): IndexedQuestion[] {
    return this.questions.ofFrame(row);
  }

  question(id: string): IndexedQuestion | undefined {
    return this.questions.byId(id);
  }

  /** A copy of a frame's answer vector h_a. */
  answerVectorOf(row: number): Float32Array {
    return Float32Array.from(this.answerVectors.row(row));
  }

  /**
   * The vector this index holds for a frame (its answer vector h_a) or a question, by id, when it
   * was made by `modelId`; lets a reload skip reading vectors it already has.
   */
  heldVector(kind: 'frame' | 'question', id: string, modelId: string): Float32Array | undefined {
    if (modelId !== this.embedder.modelId) return undefined;
    if (kind === 'frame') {
      const row = this.rowByFrameId.get(id);
      // The zero vector is "no vector yet" (a frame added before its vectors were embedded).
      return row === undefined || this.answerVectors.isZero(row)
        ? undefined
        : this.answerVectorOf(row);
    }
    return this.questions.vectorOf(id);
  }

  /** Cosine of a question's vector with `vector`; -1 for a question the index does not hold. */
  questionSimilarity(questionId: string, vector: Float32Array): number {
    return this.questions.similarity(questionId, vector);
  }

  /** The query's vector; an AppError `invalid_input` for an empty or over-long query. */
  async embedQuery(query: string): Promise<Float32Array> {
    this.checkQuery(query);
    const [vector] = await this.embedder.embed([query], 'query');
    if (vector === undefined || vector.length !== this.answerVectors.dimension) {
      throw new AppError({
        code: 'model_failure',
        message: `the embedder returned no ${this.answerVectors.dimension}-dimensional vector`,
        fix: 'query with the model the index was built with',
      });
    }
    return vector;
  }

  /** One frame's hybrid inputs for a query: max-pool similarities, BM25 and the answer type. */
  candidateOf(options: {
    row: number;
    queryVector: Float32Array;
    bm25: number;
    /** The frame's best question BM25 (`questionLexicalScores`). */
    questionBm25?: number;
    /** From `answerTypeTest(query)`: null when the query asks for no kind of answer. */
    answerType: ((sentence: string) => boolean) | null;
    /** From `sectionPenaltyFor(query)`: null when no section is preferred. */
    sectionPenalty?: ((section: SentenceSection) => number) | null;
    /** From `tableCellMatchFor(query)`: null when the query names no cell. */
    tableCellMatch?: ((frame: TableCellSource) => number) | null;
  }): HybridCandidate {
    const { row } = options;
    const frame = this.frameAt(row);
    return {
      frame: row,
      bm25: options.bm25,
      questionBm25: options.questionBm25 ?? 0,
      hasAnswerType: options.answerType?.(frame.text) ?? false,
      sectionPenalty: options.sectionPenalty?.(frame) ?? 0,
      tableCellMatch: options.tableCellMatch?.(frame) ?? 0,
      ...this.similarityOf(row, options.queryVector),
      ...(this.answerVectors.isZero(row) ? { awaitsVector: true } : {}),
    };
  }

  /** Exact max-pool inputs of one frame: its answer similarity and its best question. */
  similarityOf(row: number, queryVector: Float32Array): Omit<HybridCandidate, 'bm25' | 'frame'> {
    return {
      answerSimilarity: this.answerVectors.similarity(row, queryVector),
      bestQuestion: this.questions.bestOfFrame(row, queryVector),
    };
  }

  /**
   * BM25 of the query against every question of Q whose frame `accept` lets through, max-pooled
   * per frame (frame row -> its best question's score), and the score of a question that matched
   * every query word: the yardstick the scores are divided by. Generated questions are few and
   * generic ("How fast is the method?"), so the top score of a search would give full marks to any
   * question sharing one common word with the query; the full-match score gives partial credit.
   */
  questionLexicalScores(
    query: string,
    accept: (row: number) => boolean,
  ): { byFrame: Map<number, number>; fullMatch: number } {
    return this.questions.lexicalScores(query, accept);
  }

  /** Answer search over every frame the filter lets through (frame-index-search.ts). */
  search(options: AnswerSearchOptions): Promise<AnswerSearchResult> {
    return searchFrameIndex({
      index: this,
      tables: {
        frames: this.frames,
        answerable: this.answerable,
        bm25: this.bm25,
        answerVectors: this.answerVectors,
      },
      search: options,
    });
  }

  /**
   * A frame's content words for the word match, remembered (bounded: cleared when full): every
   * search tokenizes its few hundred candidates, and popular sentences are candidates again and
   * again.
   */
  contentWordsOf(row: number): ContentWords {
    let words = this.contentWordsByRow.get(row);
    if (words === undefined) {
      words = contentWords(this.frameAt(row).text);
      if (this.contentWordsByRow.size >= rememberedContentWords) this.contentWordsByRow.clear();
      this.contentWordsByRow.set(row, words);
    }
    return words;
  }

  /** The BM25 index of one paper's frames, built on first use and kept in a small LRU cache. */
  paperBm25(paperId: string): Bm25Index<number> | undefined {
    return this.paperBm25Cache.get(paperId, () => {
      const range = this.rangeByPaper.get(paperId);
      if (range === undefined) return undefined;
      const index = createBm25Index<number>({
        fields: [
          { name: 'sentence' },
          { name: 'context', weight: this.settings.bm25ContextWeight },
        ],
        k1: this.settings.bm25K1,
        b: this.settings.bm25B,
      });
      for (let row = range.start; row < range.end; row++) {
        const context = this.contextOf(row);
        index.add({
          id: row,
          fields: {
            sentence: this.frameAt(row).text,
            context: `${context.before} ${context.after}`,
          },
        });
      }
      return index;
    });
  }

  /** The questions whose vectors are nearest the query's, best first. */
  nearestQuestions(options: {
    queryVector: Float32Array;
    limit: number;
    accept?: (question: IndexedQuestion) => boolean;
  }): { question: IndexedQuestion; similarity: number }[] {
    return this.questions.nearest(options);
  }

  /** The answerable frames that best match `query` by BM25 alone, best first (no vectors). */
  lexicalSentences(query: string, limit: number): IndexedFrame[] {
    this.checkQuery(query);
    return this.bm25
      .search(query, { limit, filter: (row) => this.answerable[row] === 1 })
      .map((hit) => this.frameAt(hit.id));
  }

  /** Up to `limit` of the index's questions that start with `prefix` (any case), shortest first. */
  questionsWithPrefix(prefix: string, limit: number): IndexedQuestion[] {
    return this.questions.prefixes.withPrefix(prefix, limit);
  }

  /** `nearestQuestions`, with the scan on a scan-pool worker when the server has them. */
  nearestQuestionsOffThread(options: {
    queryVector: Float32Array;
    limit: number;
    accept?: (question: IndexedQuestion) => boolean;
  }): Promise<{ question: IndexedQuestion; similarity: number }[]> {
    return this.questions.nearestOffThread(options);
  }

  /**
   * Adds a question to a frame's Q with its vector (embedded by the caller, who also stores it);
   * a question the index already holds takes the new vector.
   */
  addQuestion(
    question: Omit<IndexedQuestion, 'frame'> & { frameId: string },
    vector: Float32Array,
  ): void {
    const frame = this.requireFrameRow(question.frameId);
    this.questions.add(
      { id: question.id, frame, text: question.text, origin: question.origin },
      vector,
    );
  }

  /** Drops a question from the in-memory index; false when it was not there. */
  removeQuestion(id: string): boolean {
    return this.questions.remove(id);
  }

  checkLimit(limit: number): number {
    return checkedLimit(this.settings, limit);
  }

  private checkQuery(query: string): void {
    checkQuery(this.settings, query);
  }
}
