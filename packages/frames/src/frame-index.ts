/**
 * @module The frame index (Talk to Papers / SOCO, section 3) held in memory: frames in reading
 * order, a BM25F index over sentence, context and paper title, one answer vector per frame and
 * one vector per question of a frame's Q. Answer search takes candidates from BM25 and from the
 * vectors, then scores every candidate exactly once with the hybrid score (hybrid-ranking.ts).
 */
import { AppError } from '@quarry/core';
import type { Embedder } from '@quarry/core';
import { createBm25Index } from '@quarry/text';
import type { Bm25Document, Bm25Index } from '@quarry/text';
import { answerTypeTest, highlightAnswerSpan } from './answer-span.js';
import { createEventLoopYielder } from './event-loop-yield.js';
import type { AnswerSpan } from './answer-span.js';
import type { FrameIndexSettings } from './frame-index-settings.js';
import { rankHybrid } from './hybrid-ranking.js';
import type { HybridCandidate, HybridScore } from './hybrid-ranking.js';
import type { FrameFilter, IndexedFrame, IndexedQuestion } from './indexed-frame.js';
import type { VectorMatrix } from './vector-matrix.js';
import { isAnswerable } from './search/answerable.js';
import { checkedLimit, checkQuery } from './search/search-input.js';

export interface FrameIndexParts {
  embedder: Embedder;
  settings: FrameIndexSettings;
  /** In reading order: by paper, then sentence. */
  frames: IndexedFrame[];
  /** Row i is the answer vector h_a of frames[i]. */
  answerVectors: VectorMatrix;
  /** Ids are rows of `frames`; fields `sentence`, `context` and `title`. */
  bm25: Bm25Index<number>;
  questions: IndexedQuestion[];
  /** Row i is the vector of questions[i]. */
  questionVectors: VectorMatrix;
}

/** Papers to add to an index: their frames with answer vectors, and their questions. */
export interface FrameIndexAddition {
  /** Whole papers, each in reading order, none of them already in the index. */
  frames: IndexedFrame[];
  /** Row i is the answer vector of frames[i]. */
  answerVectors: VectorMatrix;
  /** BM25 documents of the frames, ids already the frames' rows in the grown index. */
  bm25Documents: Iterable<Bm25Document<number>>;
  /** `frame` is a position in `frames` (not yet a row of the grown index). */
  questions: IndexedQuestion[];
  /** Row i is the vector of questions[i]. */
  questionVectors: VectorMatrix;
}

/** The lookups a FrameIndex derives from its parts, handed on when an index is grown. */
interface FrameIndexLookups {
  questions: (IndexedQuestion | null)[];
  rowByFrameId: Map<string, number>;
  rangeByPaper: Map<string, FrameRange>;
  questionRowsByFrame: Map<number, number[]>;
  questionRowById: Map<string, number>;
  paperBm25Cache: Map<string, Bm25Index<number>>;
  answerable: Uint8Array;
  questionBm25: Bm25Index<number> | null;
}

export interface AnswerSearchOptions {
  query: string;
  /** Default 10, at most the `maxResults` setting. */
  limit?: number;
  filter?: FrameFilter;
}

export interface AnswerHit {
  frameId: string;
  paperId: string;
  paperTitle: string;
  sectionIndex: number;
  sectionTitle: string;
  sentenceIndex: number;
  sourceIndex: number | null;
  text: string;
  /** Offsets of the sentence in the paper's text. */
  charStart: number;
  charEnd: number;
  page: number | null;
  /** The previous and next sentence of the same section ('' at a section's edge). */
  contextBefore: string;
  contextAfter: string;
  score: number;
  /** The max-pooled cosine. */
  cosine: number;
  /** BM25 / top BM25 of the query. */
  lexical: number;
  /** The frame's best question BM25 / a full-match question's BM25 (0 while that channel is off). */
  questionLexical: number;
  /** The question of the frame's Q whose vector won the max-pool, if one did. */
  matchedQuestion: { id: string; text: string } | null;
  /** The likely answer inside the sentence, when the question's answer type is clear. */
  answerSpan: AnswerSpan | null;
}

export interface AnswerSearchResult {
  query: string;
  hits: AnswerHit[];
  /** How many distinct frames were scored exactly. */
  candidates: number;
}

export interface FrameRange {
  start: number;
  end: number;
}

const defaultLimit = 10;

export class FrameIndex {
  readonly settings: FrameIndexSettings;
  readonly embedder: Embedder;
  private readonly frames: IndexedFrame[];
  private readonly answerVectors: VectorMatrix;
  private readonly bm25: Bm25Index<number>;
  private readonly questions: (IndexedQuestion | null)[];
  private readonly questionVectors: VectorMatrix;
  private readonly rowByFrameId: Map<string, number>;
  private readonly rangeByPaper: Map<string, FrameRange>;
  private readonly questionRowsByFrame: Map<number, number[]>;
  private readonly questionRowById: Map<string, number>;
  /** Least recently used first. */
  private readonly paperBm25Cache: Map<string, Bm25Index<number>>;
  /** 1 for frames a question may be answered by (not a heading, not a fragment). */
  private readonly answerable: Uint8Array;
  /**
   * BM25 over the questions' texts; ids are rows of `questions` (document expansion). Built only
   * when `questionLexicalWeight` is above 0: loads and reloads skip it otherwise.
   */
  private readonly questionBm25: Bm25Index<number> | null;

  /** `lookups` only from `withPapers`: the derived tables, already built. */
  constructor(parts: FrameIndexParts, lookups?: FrameIndexLookups) {
    this.settings = parts.settings;
    this.embedder = parts.embedder;
    this.frames = parts.frames;
    this.answerVectors = parts.answerVectors;
    this.bm25 = parts.bm25;
    this.questionVectors = parts.questionVectors;
    if (lookups !== undefined) {
      this.questions = lookups.questions;
      this.rowByFrameId = lookups.rowByFrameId;
      this.rangeByPaper = lookups.rangeByPaper;
      this.questionRowsByFrame = lookups.questionRowsByFrame;
      this.questionRowById = lookups.questionRowById;
      this.paperBm25Cache = lookups.paperBm25Cache;
      this.answerable = lookups.answerable;
      this.questionBm25 = lookups.questionBm25;
      return;
    }
    this.questions = [];
    this.rowByFrameId = new Map();
    this.rangeByPaper = new Map();
    this.questionRowsByFrame = new Map();
    this.questionRowById = new Map();
    this.paperBm25Cache = new Map();
    this.questionBm25 = this.settings.questionLexicalWeight > 0 ? this.createQuestionBm25() : null;
    for (const [row, frame] of this.frames.entries()) {
      this.rowByFrameId.set(frame.id, row);
      const range = this.rangeByPaper.get(frame.paperId);
      if (range === undefined) this.rangeByPaper.set(frame.paperId, { start: row, end: row + 1 });
      else range.end = row + 1;
    }
    for (const question of parts.questions) this.rememberQuestion(question);
    this.answerable = Uint8Array.from(this.frames, (frame) =>
      isAnswerable(frame, this.settings.minAnswerWords) ? 1 : 0,
    );
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
    const yielder = createEventLoopYielder();
    const offset = this.frames.length;
    for (const frame of addition.frames) {
      if (this.rangeByPaper.has(frame.paperId)) {
        throw new AppError({
          code: 'conflict',
          message: `paper ${frame.paperId} is already in the frame index`,
          fix: 'remove the paper from the index before adding it again',
        });
      }
    }
    const bm25 = this.bm25.fork();
    await yielder.maybeYield();
    for (const document of addition.bm25Documents) bm25.add(document);
    bm25.compact();
    await yielder.maybeYield();
    const answerVectors = this.answerVectors.withRows(
      Array.from({ length: addition.answerVectors.size }, (_, row) =>
        addition.answerVectors.row(row),
      ),
    );
    const questionVectors = this.questionVectors.withRows(
      Array.from({ length: addition.questionVectors.size }, (_, row) =>
        addition.questionVectors.row(row),
      ),
    );
    await yielder.maybeYield();
    const frames = this.frames.concat(addition.frames);
    const rowByFrameId = new Map(this.rowByFrameId);
    await yielder.maybeYield();
    const rangeByPaper = new Map(this.rangeByPaper);
    for (const [position, frame] of addition.frames.entries()) {
      const row = offset + position;
      rowByFrameId.set(frame.id, row);
      const range = rangeByPaper.get(frame.paperId);
      if (range === undefined || range.end !== row) {
        rangeByPaper.set(frame.paperId, { start: row, end: row + 1 });
      } else {
        rangeByPaper.set(frame.paperId, { start: range.start, end: row + 1 });
      }
    }
    const questionRowsByFrame = new Map(this.questionRowsByFrame);
    await yielder.maybeYield();
    const questionRowById = new Map(this.questionRowById);
    const questionBm25 = this.questionBm25?.fork() ?? null;
    await yielder.maybeYield();
    const answerable = new Uint8Array(frames.length);
    answerable.set(this.answerable);
    for (const [position, frame] of addition.frames.entries()) {
      answerable[offset + position] = isAnswerable(frame, this.settings.minAnswerWords) ? 1 : 0;
    }
    const grown = new FrameIndex(
      {
        embedder: this.embedder,
        settings: this.settings,
        frames,
        answerVectors,
        bm25,
        questions: [],
        questionVectors,
      },
      {
        questions: this.questions.slice(),
        rowByFrameId,
        rangeByPaper,
        questionRowsByFrame,
        questionRowById,
        paperBm25Cache: new Map(this.paperBm25Cache),
        answerable,
        questionBm25,
      },
    );
    for (const question of addition.questions) {
      grown.rememberQuestion({ ...question, frame: offset + question.frame });
    }
    grown.questionBm25?.compact();
    return grown;
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
    return this.questionRowById.size;
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
    return (this.questionRowsByFrame.get(row) ?? []).flatMap((questionRow) => {
      const question = this.questions[questionRow];
      return question ? [question] : [];
    });
  }

  question(id: string): IndexedQuestion | undefined {
    const row = this.questionRowById.get(id);
    return row === undefined ? undefined : (this.questions[row] ?? undefined);
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
      return row === undefined ? undefined : this.answerVectorOf(row);
    }
    const row = this.questionRowById.get(id);
    return row === undefined ? undefined : Float32Array.from(this.questionVectors.row(row));
  }

  /** Cosine of a question's vector with `vector`; -1 for a question the index does not hold. */
  questionSimilarity(questionId: string, vector: Float32Array): number {
    const row = this.questionRowById.get(questionId);
    return row === undefined ? -1 : this.questionVectors.similarity(row, vector);
  }

  /** The query's vector; an AppError `invalid_input` for an empty or over-long query. */
  async embedQuery(query: string): Promise<Float32Array> {
    this.checkQuery(query);
    const [vector] = await this.embedder.embed([query]);
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
  }): HybridCandidate {
    const { row } = options;
    return {
      frame: row,
      bm25: options.bm25,
      questionBm25: options.questionBm25 ?? 0,
      hasAnswerType: options.answerType?.(this.frameAt(row).text) ?? false,
      ...this.similarityOf(row, options.queryVector),
    };
  }

  /** Exact max-pool inputs of one frame: its answer similarity and its best question. */
  similarityOf(row: number, queryVector: Float32Array): Omit<HybridCandidate, 'bm25' | 'frame'> {
    let bestQuestion: HybridCandidate['bestQuestion'] = null;
    for (const questionRow of this.questionRowsByFrame.get(row) ?? []) {
      const question = this.questions[questionRow];
      if (!question) continue;
      const similarity = this.questionVectors.similarity(questionRow, queryVector);
      if (bestQuestion === null || similarity > bestQuestion.similarity) {
        bestQuestion = { questionId: question.id, similarity };
      }
    }
    return { answerSimilarity: this.answerVectors.similarity(row, queryVector), bestQuestion };
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
    const byFrame = new Map<number, number>();
    const questionBm25 = this.questionBm25;
    if (questionBm25 === null) return { byFrame, fullMatch: 0 };
    const hits = questionBm25.search(query, {
      limit: Math.max(questionBm25.size, 1),
      filter: (questionRow) => {
        const question = this.questions[questionRow];
        return question != null && accept(question.frame);
      },
    });
    for (const hit of hits) {
      const frame = this.questions[hit.id]?.frame;
      if (frame === undefined || (byFrame.get(frame) ?? 0) >= hit.score) continue;
      byFrame.set(frame, hit.score);
    }
    return { byFrame, fullMatch: questionBm25.fullMatchScore(query) };
  }

  /** Answer search over every frame the filter lets through (hybrid score, exact re-score). */
  async search(options: AnswerSearchOptions): Promise<AnswerSearchResult> {
    const limit = this.checkLimit(options.limit ?? defaultLimit);
    const query = options.query;
    const accept = this.acceptor(options.filter ?? {});
    const queryVector = await this.embedQuery(query);
    const lexicalHits = this.bm25.search(query, {
      limit: this.settings.bm25Candidates,
      filter: accept,
    });
    const candidateRows = new Set(lexicalHits.map((hit) => hit.id));
    for (const row of this.vectorCandidates(queryVector, options.filter ?? {}, accept)) {
      candidateRows.add(row);
    }
    const questionLexical = this.questionLexicalScores(query, accept);
    for (const row of topRows(questionLexical.byFrame, this.settings.questionCandidates)) {
      candidateRows.add(row);
    }
    const rows = [...candidateRows];
    const exact = this.bm25.scoreDocuments(query, rows);
    const answerType = answerTypeTest(query);
    const candidates = rows.map((row, position) =>
      this.candidateOf({
        row,
        queryVector,
        bm25: exact[position]?.score ?? 0,
        questionBm25: questionLexical.byFrame.get(row) ?? 0,
        answerType,
      }),
    );
    const ranked = rankHybrid({
      candidates,
      topBm25: lexicalHits[0]?.score ?? 0,
      alpha: this.settings.alpha,
      answerTypeWeight: this.settings.answerTypeWeight,
      questionBm25FullMatch: questionLexical.fullMatch,
      questionLexicalWeight: this.settings.questionLexicalWeight,
      limit,
    });
    return {
      query,
      hits: ranked.map((score) => this.toHit(score, query)),
      candidates: rows.length,
    };
  }

  /** The BM25 index of one paper's frames, built on first use and kept in a small LRU cache. */
  paperBm25(paperId: string): Bm25Index<number> | undefined {
    const cached = this.paperBm25Cache.get(paperId);
    if (cached !== undefined) {
      this.paperBm25Cache.delete(paperId);
      this.paperBm25Cache.set(paperId, cached);
      return cached;
    }
    const range = this.rangeByPaper.get(paperId);
    if (range === undefined) return undefined;
    const index = createBm25Index<number>({
      fields: [{ name: 'sentence' }, { name: 'context', weight: this.settings.bm25ContextWeight }],
      k1: this.settings.bm25K1,
      b: this.settings.bm25B,
    });
    for (let row = range.start; row < range.end; row++) {
      const context = this.contextOf(row);
      index.add({
        id: row,
        fields: { sentence: this.frameAt(row).text, context: `${context.before} ${context.after}` },
      });
    }
    this.paperBm25Cache.set(paperId, index);
    while (this.paperBm25Cache.size > this.settings.inPaperIndexCacheSize) {
      const oldest = this.paperBm25Cache.keys().next().value;
      if (oldest === undefined) break;
      this.paperBm25Cache.delete(oldest);
    }
    return index;
  }

  /** The questions whose vectors are nearest the query's, best first. */
  nearestQuestions(options: {
    queryVector: Float32Array;
    limit: number;
    accept?: (question: IndexedQuestion) => boolean;
  }): { question: IndexedQuestion; similarity: number }[] {
    const { accept } = options;
    return this.questionVectors
      .nearest({
        query: options.queryVector,
        limit: options.limit,
        accept: (row) => {
          const question = this.questions[row];
          return question != null && (accept === undefined || accept(question));
        },
      })
      .flatMap(({ row, similarity }) => {
        const question = this.questions[row];
        return question ? [{ question, similarity }] : [];
      });
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
    const existing = this.questionRowById.get(question.id);
    if (existing !== undefined) {
      this.questionVectors.set(existing, vector);
      return;
    }
    this.questionVectors.append(vector);
    this.rememberQuestion({ id: question.id, frame, text: question.text, origin: question.origin });
  }

  /** Drops a question from the in-memory index; false when it was not there. */
  removeQuestion(id: string): boolean {
    const row = this.questionRowById.get(id);
    if (row === undefined) return false;
    const question = this.questions[row];
    this.questions[row] = null;
    this.questionRowById.delete(id);
    if (question) {
      const rows = this.questionRowsByFrame.get(question.frame) ?? [];
      this.questionRowsByFrame.set(
        question.frame,
        rows.filter((other) => other !== row),
      );
    }
    return true;
  }

  toHit(score: HybridScore, query: string): AnswerHit {
    const frame = this.frameAt(score.frame);
    const context = this.contextOf(score.frame);
    const matched =
      score.matchedQuestionId === null ? undefined : this.question(score.matchedQuestionId);
    return {
      frameId: frame.id,
      paperId: frame.paperId,
      paperTitle: frame.paperTitle,
      sectionIndex: frame.sectionIndex,
      sectionTitle: frame.sectionTitle,
      sentenceIndex: frame.sentenceIndex,
      sourceIndex: frame.sourceIndex,
      text: frame.text,
      charStart: frame.charStart,
      charEnd: frame.charEnd,
      page: frame.page,
      contextBefore: context.before,
      contextAfter: context.after,
      score: score.score,
      cosine: score.cosine,
      lexical: score.lexical,
      questionLexical: score.questionLexical,
      matchedQuestion: matched ? { id: matched.id, text: matched.text } : null,
      answerSpan: highlightAnswerSpan({ question: query, sentence: frame.text }),
    };
  }

  checkLimit(limit: number): number {
    return checkedLimit(this.settings, limit);
  }

  private checkQuery(query: string): void {
    checkQuery(this.settings, query);
  }

  private rememberQuestion(question: IndexedQuestion): void {
    const row = this.questions.length;
    this.questions.push(question);
    this.questionBm25?.add({ id: row, fields: { question: question.text } });
    this.questionRowById.set(question.id, row);
    // A new array, never a push: an index grown from this one shares the arrays it holds.
    const rows = this.questionRowsByFrame.get(question.frame);
    this.questionRowsByFrame.set(question.frame, rows ? [...rows, row] : [row]);
  }

  private createQuestionBm25(): Bm25Index<number> {
    return createBm25Index<number>({
      fields: [{ name: 'question' }],
      k1: this.settings.bm25K1,
      b: this.settings.bm25B,
    });
  }

  /** A row predicate for the filter; it also drops frames that cannot answer a question. */
  private acceptor(filter: FrameFilter): (row: number) => boolean {
    const papers = filter.paperIds ? new Set(filter.paperIds) : undefined;
    const section = filter.section?.trim().toLowerCase() || undefined;
    const { yearFrom, yearTo } = filter;
    if (!papers && !section && yearFrom === undefined && yearTo === undefined) {
      return (row) => this.answerable[row] === 1;
    }
    return (row) => {
      const frame = this.frames[row];
      if (!frame || this.answerable[row] !== 1) return false;
      if (papers && !papers.has(frame.paperId)) return false;
      if (section && !frame.sectionTitle.toLowerCase().includes(section)) return false;
      if (yearFrom !== undefined || yearTo !== undefined) {
        if (frame.paperYear === null) return false;
        if (yearFrom !== undefined && frame.paperYear < yearFrom) return false;
        if (yearTo !== undefined && frame.paperYear > yearTo) return false;
      }
      return true;
    };
  }

  /** Frame rows nearest the query: from the frame vectors and from the question vectors. */
  private vectorCandidates(
    queryVector: Float32Array,
    filter: FrameFilter,
    accept: (row: number) => boolean,
  ): number[] {
    const { vectorCandidates, questionCandidates } = this.settings;
    const viaQuestions = this.nearestQuestions({
      queryVector,
      limit: questionCandidates,
      accept: (question: IndexedQuestion) => accept(question.frame),
    }).map(({ question }) => question.frame);
    const rows = filter.paperIds ? this.rowsOfPapers(filter.paperIds) : undefined;
    const nearest = this.answerVectors.nearest({
      query: queryVector,
      limit: vectorCandidates,
      accept,
      ...(rows ? { rows } : {}),
    });
    return [...nearest.map(({ row }) => row), ...viaQuestions];
  }

  private *rowsOfPapers(paperIds: readonly string[]): Generator<number> {
    for (const paperId of new Set(paperIds)) {
      const range = this.rangeByPaper.get(paperId);
      if (range === undefined) continue;
      for (let row = range.start; row < range.end; row++) yield row;
    }
  }
}

/** The `count` keys with the highest values, highest first. */
function topRows(scores: ReadonlyMap<number, number>, count: number): number[] {
  return [...scores.entries()]
    .sort((left, right) => right[1] - left[1] || left[0] - right[0])
    .slice(0, count)
    .map(([row]) => row);
}
