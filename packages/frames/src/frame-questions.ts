/**
 * @module The questions Q of a frame index's frames, held in memory: one vector per question (the
 * max-pool of answer search takes a frame's best question), the rows of each frame's questions,
 * and, when `questionLexicalWeight` is above 0, BM25 over the questions' texts (document
 * expansion). Rows are never reused: a removed question leaves a null row behind.
 */
import { createBm25Index } from '@quarry/text';
import type { Bm25Index } from '@quarry/text';
import { copyMapInSteps } from './event-loop-yield.js';
import type { FrameIndexSettings } from './frame-index-settings.js';
import type { HybridCandidate } from './hybrid-ranking.js';
import type { IndexedQuestion } from './indexed-frame.js';
import { QuestionPrefixes } from './question-prefixes.js';
import type { VectorMatrix } from './vector-matrix.js';

/** The tables of a FrameQuestions, handed over whole when an index is grown. */
interface FrameQuestionTables {
  questions: (IndexedQuestion | null)[];
  /** Row i is the vector of questions[i]. */
  vectors: VectorMatrix;
  rowsByFrame: Map<number, number[]>;
  rowById: Map<string, number>;
  /** Ids are rows of `questions`; null while the question BM25 channel is off. */
  bm25: Bm25Index<number> | null;
}

export class FrameQuestions {
  private readonly questions: (IndexedQuestion | null)[];
  private readonly vectors: VectorMatrix;
  private readonly rowsByFrame: Map<number, number[]>;
  private readonly rowById: Map<string, number>;
  private readonly bm25: Bm25Index<number> | null;

  /** Autocomplete over these questions' texts (question-prefixes.ts). */
  readonly prefixes = new QuestionPrefixes(() => this.questions);

  private constructor(tables: FrameQuestionTables) {
    this.questions = tables.questions;
    this.vectors = tables.vectors;
    this.rowsByFrame = tables.rowsByFrame;
    this.rowById = tables.rowById;
    this.bm25 = tables.bm25;
  }

  /** The questions (row i of `vectors` is the vector of questions[i]) of a freshly built index. */
  static create(options: {
    settings: FrameIndexSettings;
    questions: readonly IndexedQuestion[];
    vectors: VectorMatrix;
  }): FrameQuestions {
    const { settings } = options;
    const held = new FrameQuestions({
      questions: [],
      vectors: options.vectors,
      rowsByFrame: new Map(),
      rowById: new Map(),
      bm25:
        settings.questionLexicalWeight > 0
          ? createBm25Index<number>({
              fields: [{ name: 'question' }],
              k1: settings.bm25K1,
              b: settings.bm25B,
            })
          : null,
    });
    for (const question of options.questions) held.remember(question);
    return held;
  }

  /**
   * These questions plus `vectors`' rows, whose questions the caller then `remember`s: copies of
   * the tables and a fork of the BM25 postings, sharing the vector storage (appended in place while
   * it has room). This one is left as it was. `yieldTurn` gives the event loop a turn between steps.
   */
  async withVectors(
    vectors: VectorMatrix,
    yieldTurn: () => Promise<void> | undefined,
  ): Promise<FrameQuestions> {
    const grownVectors = this.vectors.withRows(
      Array.from({ length: vectors.size }, (_, row) => vectors.row(row)),
    );
    await yieldTurn();
    const rowsByFrame = await copyMapInSteps(this.rowsByFrame, yieldTurn);
    const rowById = await copyMapInSteps(this.rowById, yieldTurn);
    const bm25 = this.bm25?.fork() ?? null;
    await yieldTurn();
    const grown = new FrameQuestions({
      questions: this.questions.slice(),
      vectors: grownVectors,
      rowsByFrame,
      rowById,
      bm25,
    });
    grown.prefixes.startFrom(this.prefixes);
    return grown;
  }

  /** Compacts the question BM25 after questions were remembered (a no-op while it is off). */
  compact(): void {
    this.bm25?.compact();
  }

  get count(): number {
    return this.rowById.size;
  }

  /** Takes a question whose vector is already row `questions.length` of `vectors`. */
  remember(question: IndexedQuestion): void {
    const row = this.questions.length;
    this.questions.push(question);
    this.bm25?.add({ id: row, fields: { question: question.text } });
    this.rowById.set(question.id, row);
    // A new array, never a push: an index grown from this one shares the arrays it holds.
    const rows = this.rowsByFrame.get(question.frame);
    this.rowsByFrame.set(question.frame, rows ? [...rows, row] : [row]);
  }

  /** Adds a question with its vector; a question already held takes the new vector. */
  add(question: IndexedQuestion, vector: Float32Array): void {
    const existing = this.rowById.get(question.id);
    if (existing !== undefined) {
      this.vectors.set(existing, vector);
      return;
    }
    this.vectors.append(vector);
    this.remember(question);
  }

  /** Drops a question; false when it was not there. */
  remove(id: string): boolean {
    const row = this.rowById.get(id);
    if (row === undefined) return false;
    const question = this.questions[row];
    this.questions[row] = null;
    this.prefixes.invalidate();
    this.rowById.delete(id);
    if (question) {
      const rows = this.rowsByFrame.get(question.frame) ?? [];
      this.rowsByFrame.set(
        question.frame,
        rows.filter((other) => other !== row),
      );
    }
    return true;
  }

  ofFrame(frame: number): IndexedQuestion[] {
    return (this.rowsByFrame.get(frame) ?? []).flatMap((row) => {
      const question = this.questions[row];
      return question ? [question] : [];
    });
  }

  byId(id: string): IndexedQuestion | undefined {
    const row = this.rowById.get(id);
    return row === undefined ? undefined : (this.questions[row] ?? undefined);
  }

  /** A copy of a question's vector, or undefined for a question not held. */
  vectorOf(id: string): Float32Array | undefined {
    const row = this.rowById.get(id);
    return row === undefined ? undefined : Float32Array.from(this.vectors.row(row));
  }

  /** Cosine of a question's vector with `vector`; -1 for a question not held. */
  similarity(id: string, vector: Float32Array): number {
    const row = this.rowById.get(id);
    return row === undefined ? -1 : this.vectors.similarity(row, vector);
  }

  /** The frame's question whose vector is nearest the query (the max-pool's question side). */
  bestOfFrame(frame: number, queryVector: Float32Array): HybridCandidate['bestQuestion'] {
    let best: HybridCandidate['bestQuestion'] = null;
    for (const row of this.rowsByFrame.get(frame) ?? []) {
      const question = this.questions[row];
      if (!question) continue;
      const similarity = this.vectors.similarity(row, queryVector);
      if (best === null || similarity > best.similarity) {
        best = { questionId: question.id, similarity };
      }
    }
    return best;
  }

  /** The questions whose vectors are nearest the query's, best first. */
  nearest(options: {
    queryVector: Float32Array;
    limit: number;
    accept?: (question: IndexedQuestion) => boolean;
  }): { question: IndexedQuestion; similarity: number }[] {
    return this.questionsOf(this.vectors.nearest(this.matrixQuery(options)));
  }

  /** `nearest`, with the scan on a scan-pool worker when the server has them. */
  async nearestOffThread(options: {
    queryVector: Float32Array;
    limit: number;
    accept?: (question: IndexedQuestion) => boolean;
  }): Promise<{ question: IndexedQuestion; similarity: number }[]> {
    return this.questionsOf(await this.vectors.nearestOffThread(this.matrixQuery(options)));
  }

  private matrixQuery(options: {
    queryVector: Float32Array;
    limit: number;
    accept?: (question: IndexedQuestion) => boolean;
  }) {
    const { accept } = options;
    return {
      query: options.queryVector,
      limit: options.limit,
      accept: (row: number) => {
        const question = this.questions[row];
        return question != null && (accept === undefined || accept(question));
      },
    };
  }

  private questionsOf(
    neighbours: readonly { row: number; similarity: number }[],
  ): { question: IndexedQuestion; similarity: number }[] {
    return neighbours.flatMap(({ row, similarity }) => {
      const question = this.questions[row];
      return question ? [{ question, similarity }] : [];
    });
  }

  /** See FrameIndex.questionLexicalScores. */
  lexicalScores(
    query: string,
    accept: (frame: number) => boolean,
  ): { byFrame: Map<number, number>; fullMatch: number } {
    const byFrame = new Map<number, number>();
    const bm25 = this.bm25;
    if (bm25 === null) return { byFrame, fullMatch: 0 };
    const hits = bm25.search(query, {
      limit: Math.max(bm25.size, 1),
      filter: (row) => {
        const question = this.questions[row];
        return question != null && accept(question.frame);
      },
    });
    for (const hit of hits) {
      const frame = this.questions[hit.id]?.frame;
      if (frame === undefined || (byFrame.get(frame) ?? 0) >= hit.score) continue;
      byFrame.set(frame, hit.score);
    }
    return { byFrame, fullMatch: bm25.fullMatchScore(query) };
  }
}
