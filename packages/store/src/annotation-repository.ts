/**
 * @module Annotation repository: a user's question attached to a selected span of a paper. Adding
 * one also adds the question to the frame's question set.
 */
import { AppError } from '@quarry/core';
import type { SqlClient } from './sql-client.js';

export interface Annotation {
  id: string;
  paperId: string;
  frameId: string;
  questionId: string | null;
  question: string;
  charStart: number;
  charEnd: number;
  answerText: string;
  createdAt: string;
}

interface AnnotationRow {
  id: number;
  paper_id: string;
  frame_id: number;
  question_id: number | null;
  question: string;
  char_start: number;
  char_end: number;
  answer_text: string;
  created_at: Date | string;
}

function annotationFromRow(row: AnnotationRow): Annotation {
  return {
    id: String(row.id),
    paperId: row.paper_id,
    frameId: String(row.frame_id),
    questionId: row.question_id === null ? null : String(row.question_id),
    question: row.question,
    charStart: row.char_start,
    charEnd: row.char_end,
    answerText: row.answer_text,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export interface NewAnnotation {
  paperId: string;
  question: string;
  /** The selected span, as offsets into the paper's text. */
  charStart: number;
  charEnd: number;
}

export interface AnnotationRepository {
  /** Stores the annotation on the frame that contains the span's start, in one transaction. */
  add(annotation: NewAnnotation): Promise<Annotation>;
  list(options?: { paperId?: string }): Promise<Annotation[]>;
  remove(id: string): Promise<boolean>;
}

export function createAnnotationRepository(client: SqlClient): AnnotationRepository {
  return {
    add: (annotation) =>
      client.transaction(async (transaction) => {
        const paper = await transaction.query<{ answer_text: string }>(
          'SELECT substring(text FROM $2 + 1 FOR $3 - $2) AS answer_text FROM papers WHERE id = $1',
          [annotation.paperId, annotation.charStart, annotation.charEnd],
        );
        const answerText = paper.rows[0]?.answer_text;
        if (answerText === undefined) {
          throw new AppError({
            code: 'not_found',
            message: 'no such paper',
            where: `paper ${annotation.paperId}`,
          });
        }
        const frame = await transaction.query<{ id: number }>(
          `SELECT id FROM frames WHERE paper_id = $1 AND char_start <= $2 AND char_end > $2
           ORDER BY sentence_index LIMIT 1`,
          [annotation.paperId, annotation.charStart],
        );
        const frameId = frame.rows[0]?.id;
        if (frameId === undefined) {
          throw new AppError({
            code: 'invalid_input',
            message: `no sentence contains offset ${annotation.charStart}`,
            where: `paper ${annotation.paperId}`,
            fix: 'select text inside the paper',
          });
        }
        const question = await transaction.query<{ id: number }>(
          `INSERT INTO questions (frame_id, text, origin) VALUES ($1, $2, 'annotation')
           ON CONFLICT (frame_id, text) DO UPDATE SET origin = questions.origin RETURNING id`,
          [frameId, annotation.question],
        );
        const { rows } = await transaction.query<AnnotationRow>(
          `INSERT INTO annotations (paper_id, frame_id, question_id, question, char_start, char_end, answer_text)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
          [
            annotation.paperId,
            frameId,
            question.rows[0]?.id ?? null,
            annotation.question,
            annotation.charStart,
            annotation.charEnd,
            answerText,
          ],
        );
        return annotationFromRow(rows[0] as AnnotationRow);
      }),

    async list(options = {}) {
      const { rows } = options.paperId
        ? await client.query<AnnotationRow>(
            'SELECT * FROM annotations WHERE paper_id = $1 ORDER BY id',
            [options.paperId],
          )
        : await client.query<AnnotationRow>('SELECT * FROM annotations ORDER BY id');
      return rows.map(annotationFromRow);
    },

    remove: (id) =>
      client.transaction(async (transaction) => {
        const { rows } = await transaction.query<{ question_id: number | null }>(
          'DELETE FROM annotations WHERE id = $1 RETURNING question_id',
          [Number(id)],
        );
        const removed = rows[0];
        if (!removed) return false;
        if (removed.question_id !== null) {
          await transaction.query(
            `DELETE FROM questions WHERE id = $1 AND origin = 'annotation'
             AND NOT EXISTS (SELECT 1 FROM annotations WHERE question_id = $1)`,
            [removed.question_id],
          );
        }
        return true;
      }),
  };
}
