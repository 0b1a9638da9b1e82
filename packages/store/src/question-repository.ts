/**
 * @module Question repository: the question set Q of each frame (generated or annotated).
 */
import type { SqlClient } from './sql-client.js';

export type QuestionOrigin = 'rule' | 'llm' | 'annotation';

export interface StoredQuestion {
  id: string;
  frameId: string;
  text: string;
  origin: QuestionOrigin;
}

interface QuestionRow {
  id: number;
  frame_id: number;
  text: string;
  origin: QuestionOrigin;
}

function questionFromRow(row: QuestionRow): StoredQuestion {
  return { id: String(row.id), frameId: String(row.frame_id), text: row.text, origin: row.origin };
}

export interface QuestionRepository {
  /** Adds questions to frames; a question a frame already has is not added twice. */
  addMany(
    questions: { frameId: string; text: string; origin: QuestionOrigin }[],
  ): Promise<StoredQuestion[]>;
  forFrames(frameIds: string[]): Promise<StoredQuestion[]>;
  /** Questions starting with `prefix` (case-insensitive), for autocomplete. */
  withPrefix(options: { prefix: string; limit: number }): Promise<StoredQuestion[]>;
  remove(id: string): Promise<boolean>;
  count(): Promise<number>;
}

export function createQuestionRepository(client: SqlClient): QuestionRepository {
  return {
    async addMany(questions) {
      if (questions.length === 0) return [];
      const { rows } = await client.query<QuestionRow>(
        `INSERT INTO questions (frame_id, text, origin)
         SELECT frame_id, text, origin FROM unnest($1::int[], $2::text[], $3::text[]) AS t(frame_id, text, origin)
         ON CONFLICT (frame_id, text) DO NOTHING RETURNING id, frame_id, text, origin`,
        [
          questions.map((question) => Number(question.frameId)),
          questions.map((question) => question.text),
          questions.map((question) => question.origin),
        ],
      );
      return rows.map(questionFromRow);
    },

    async forFrames(frameIds) {
      const { rows } = await client.query<QuestionRow>(
        'SELECT id, frame_id, text, origin FROM questions WHERE frame_id = ANY($1::int[]) ORDER BY id',
        [frameIds.map(Number)],
      );
      return rows.map(questionFromRow);
    },

    async withPrefix({ prefix, limit }) {
      const pattern = `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const { rows } = await client.query<QuestionRow>(
        'SELECT id, frame_id, text, origin FROM questions WHERE text ILIKE $1 ORDER BY length(text), id LIMIT $2',
        [pattern, limit],
      );
      return rows.map(questionFromRow);
    },

    async remove(id) {
      const { rowCount } = await client.query('DELETE FROM questions WHERE id = $1', [Number(id)]);
      return rowCount > 0;
    },

    async count() {
      const { rows } = await client.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM questions',
      );
      return rows[0]?.count ?? 0;
    },
  };
}
