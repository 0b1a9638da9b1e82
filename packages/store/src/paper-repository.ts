/**
 * @module Paper repository: idempotent upserts of a paper with its sections and frames (one
 * transaction per paper), and reads of papers and frames.
 */
import { sectionLabelsOf, sectionRolesOf } from '@quarry/core';
import type { Frame, Paper, PaperSourceFormat, Section } from '@quarry/core';
import { contentHash } from './content-hash.js';
import { framesFromPaper } from './frames-from-paper.js';
import { keepOriginalFile, sha256Hex } from './original-file-repository.js';
import type { NewOriginalFile } from './original-file-repository.js';
import type { SqlClient, SqlExecutor } from './sql-client.js';
import type { UpsertOutcome } from './upsert-outcome.js';

export interface StoredPaper {
  id: string;
  title: string;
  abstract: string | null;
  year: number | null;
  authors: string[];
  url: string | null;
  source: PaperSourceFormat;
  sourcePath: string | null;
  text: string;
  extra: Record<string, unknown>;
  sections: Section[];
  /** SHA-256 of the kept original file (the PDF), or null when none was kept. */
  originalSha256: string | null;
}

/**
 * How an upsert treats the paper's original file: a file to keep (stored once by its hash), `null`
 * for none (the paper now comes from a source without one), or left out to keep what is stored.
 */
export interface PaperUpsertOptions {
  sourcePath?: string;
  original?: NewOriginalFile | null;
}

export interface PaperSummary {
  id: string;
  title: string;
  year: number | null;
  /** How many sentences (frames) the paper has. */
  frames: number;
  source: PaperSourceFormat;
  /** When the paper was first stored (ISO 8601). */
  addedAt: string;
}

/** Which papers a list or count covers: all, or those whose title contains the text (any case). */
export interface PaperFilter {
  titleContains?: string;
}

export interface PaperUpsertResult {
  outcome: UpsertOutcome;
  frames: number;
}

interface FrameRow {
  id: number;
  paper_id: string;
  section_index: number;
  section_title: string | null;
  section_kind: string | null;
  section_role: string | null;
  sentence_index: number;
  source_index: number | null;
  text: string;
  char_start: number;
  char_end: number;
  page: number | null;
  context_before: string;
  context_after: string;
}

function frameFromRow(row: FrameRow): Frame {
  const labels = sectionLabelsOf({
    title: row.section_title ?? '',
    kind: row.section_kind,
    role: row.section_role,
  });
  return {
    id: String(row.id),
    paperId: row.paper_id,
    sectionIndex: row.section_index,
    sectionTitle: row.section_title ?? '',
    sentenceIndex: row.sentence_index,
    sourceIndex: row.source_index,
    text: row.text,
    charStart: row.char_start,
    charEnd: row.char_end,
    page: row.page,
    contextBefore: row.context_before,
    contextAfter: row.context_after,
    sectionKind: labels.kind,
    sectionRole: labels.role,
  };
}

/** Matches every paper for '', else titles containing the parameter's text in any case. */
function titleCondition(parameter: string): string {
  return `(${parameter} = '' OR strpos(lower(p.title), lower(${parameter})) > 0)`;
}

const selectFrames = `SELECT f.*, s.title AS section_title, s.kind AS section_kind,
    s.role AS section_role FROM frames f
  LEFT JOIN sections s ON s.paper_id = f.paper_id AND s.section_index = f.section_index`;

async function writeSectionsAndFrames(executor: SqlExecutor, paper: Paper): Promise<number> {
  await executor.query('DELETE FROM frames WHERE paper_id = $1', [paper.id]);
  await executor.query('DELETE FROM sections WHERE paper_id = $1', [paper.id]);
  if (paper.sections.length > 0) {
    // Every section's role, from the headings in order (core section-role.ts), whatever the format.
    const roles = sectionRolesOf(paper.sections);
    await executor.query(
      `INSERT INTO sections (paper_id, section_index, title, kind, role)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[])`,
      [
        paper.id,
        paper.sections.map((section) => section.index),
        paper.sections.map((section) => section.title),
        paper.sections.map((section) => section.kind ?? 'body'),
        roles,
      ],
    );
  }
  const frames = framesFromPaper(paper);
  if (frames.length === 0) return 0;
  await executor.query(
    `INSERT INTO frames (paper_id, section_index, sentence_index, source_index, text, char_start,
       char_end, page, context_before, context_after)
     SELECT $1, * FROM unnest($2::int[], $3::int[], $4::int[], $5::text[], $6::int[], $7::int[],
       $8::int[], $9::text[], $10::text[])`,
    [
      paper.id,
      frames.map((frame) => frame.sectionIndex),
      frames.map((frame) => frame.sentenceIndex),
      frames.map((frame) => frame.sourceIndex),
      frames.map((frame) => frame.text),
      frames.map((frame) => frame.charStart),
      frames.map((frame) => frame.charEnd),
      frames.map((frame) => frame.page),
      frames.map((frame) => frame.contextBefore),
      frames.map((frame) => frame.contextAfter),
    ],
  );
  return frames.length;
}

export interface PaperRepository {
  /** Inserts, replaces or leaves alone one paper with its sections and frames, atomically. */
  upsert(paper: Paper, options?: PaperUpsertOptions): Promise<PaperUpsertResult>;
  get(id: string): Promise<StoredPaper | null>;
  /** Papers in title order, optionally only those whose title contains `titleContains`. */
  list(options?: PaperFilter & { limit?: number; offset?: number }): Promise<PaperSummary[]>;
  frames(paperId: string): Promise<Frame[]>;
  /**
   * Frames of every paper in reading order (paper id, then sentence), the `limit` after the given
   * position: keyset paging over the (paper_id, sentence_index) unique index, for loading indexes.
   */
  framesPage(options: {
    after: { paperId: string; sentenceIndex: number };
    limit: number;
  }): Promise<Frame[]>;
  count(filter?: PaperFilter): Promise<number>;
  /** Ids and titles only, in id order after `afterId` (keyset paging; cheap at any size). */
  titles(options: { afterId: string; limit: number }): Promise<{ id: string; title: string }[]>;
  countFrames(): Promise<number>;
  /** Deletes a paper; its sections, frames, questions, annotations and vectors go with it. */
  remove(id: string): Promise<boolean>;
  /**
   * Sets a stored paper's title (and merges `extra` fields), leaving its frames alone. Its
   * answer-search rows (which hold the old title's terms) are dropped (migrations/0014), so the
   * paper is indexed again by the next search catch-up.
   */
  retitle(options: {
    id: string;
    title: string;
    extra?: Record<string, unknown>;
  }): Promise<boolean>;
}

/**
 * Takes the answer-search corpus row (migrations/0013) for this transaction. Every change that
 * deletes frames with search rows takes it before touching them, as the search writers do, so a
 * delete or replacement and an indexing batch of the same paper queue instead of deadlocking.
 */
async function lockSearchCorpus(transaction: SqlExecutor): Promise<void> {
  await transaction.query('SELECT 1 FROM search_corpus FOR UPDATE');
}

export function createPaperRepository(client: SqlClient): PaperRepository {
  return {
    upsert: (paper, options = {}) =>
      client.transaction(async (transaction) => {
        const hash = contentHash(paper);
        const existing = await transaction.query<{
          content_hash: string;
          original_sha256: string | null;
          frames: number;
        }>(
          `SELECT content_hash, original_sha256,
             (SELECT count(*)::int FROM frames WHERE paper_id = $1) AS frames
           FROM papers WHERE id = $1 FOR UPDATE`,
          [paper.id],
        );
        const previous = existing.rows[0];
        const original = options.original;
        const wantedOriginal =
          original === undefined
            ? (previous?.original_sha256 ?? null)
            : original === null
              ? null
              : sha256Hex(original.bytes);
        // The file goes in before the row that references it; an already kept one is not sent again.
        if (original && wantedOriginal !== previous?.original_sha256)
          await keepOriginalFile(transaction, original);
        if (previous?.content_hash === hash) {
          if (previous.original_sha256 === wantedOriginal)
            return { outcome: 'unchanged', frames: previous.frames };
          // Same text, another original (or a first one): only the reference changes; the
          // update trigger (migrations/0016) deletes a file no paper references any more.
          await transaction.query(
            'UPDATE papers SET original_sha256 = $2, updated_at = now() WHERE id = $1',
            [paper.id, wantedOriginal],
          );
          return { outcome: 'updated', frames: previous.frames };
        }
        // Replacing deletes the paper's frames and with them its search rows: lock in the order
        // every search writer uses (migrations/0013), the corpus row before any frame's row.
        if (previous) await lockSearchCorpus(transaction);
        await transaction.query(
          `INSERT INTO papers (id, title, abstract, year, authors, url, source, source_path, text,
             extra, content_hash, original_sha256)
           VALUES ($1, $2, $3, $4, $5::text[], $6, $7, $8, $9, $10::jsonb, $11, $12)
           ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, abstract = EXCLUDED.abstract,
             year = EXCLUDED.year, authors = EXCLUDED.authors, url = EXCLUDED.url,
             source = EXCLUDED.source, source_path = EXCLUDED.source_path, text = EXCLUDED.text,
             extra = EXCLUDED.extra, content_hash = EXCLUDED.content_hash,
             original_sha256 = EXCLUDED.original_sha256, updated_at = now()`,
          [
            paper.id,
            paper.title,
            paper.abstract,
            paper.year,
            paper.authors,
            paper.url,
            paper.source,
            options.sourcePath ?? null,
            paper.text,
            JSON.stringify(paper.extra),
            hash,
            wantedOriginal,
          ],
        );
        const frames = await writeSectionsAndFrames(transaction, paper);
        return { outcome: previous ? 'updated' : 'inserted', frames };
      }),

    async get(id) {
      const papers = await client.query<{
        id: string;
        title: string;
        abstract: string | null;
        year: number | null;
        authors: string[];
        url: string | null;
        source: PaperSourceFormat;
        source_path: string | null;
        text: string;
        extra: Record<string, unknown>;
        original_sha256: string | null;
      }>('SELECT * FROM papers WHERE id = $1', [id]);
      const row = papers.rows[0];
      if (!row) return null;
      const sections = await client.query<{
        section_index: number;
        title: string;
        kind: string | null;
        role: string | null;
      }>(
        'SELECT section_index, title, kind, role FROM sections WHERE paper_id = $1 ORDER BY section_index',
        [id],
      );
      return {
        id: row.id,
        title: row.title,
        abstract: row.abstract,
        year: row.year,
        authors: row.authors,
        url: row.url,
        source: row.source,
        sourcePath: row.source_path,
        text: row.text,
        extra: row.extra,
        originalSha256: row.original_sha256 ?? null,
        sections: sections.rows.map((section) => {
          const labels = sectionLabelsOf(section);
          return {
            index: section.section_index,
            title: section.title,
            ...(labels.kind === 'body' ? {} : { kind: labels.kind }),
            role: labels.role,
          };
        }),
      };
    },

    async list(options = {}) {
      const { rows } = await client.query<{
        id: string;
        title: string;
        year: number | null;
        frames: number;
        source: PaperSourceFormat;
        created_at: Date | string;
      }>(
        // The page first, then the sentence counts of its papers only.
        `SELECT page.*, (SELECT count(*)::int FROM frames f WHERE f.paper_id = page.id) AS frames
         FROM (SELECT p.id, p.title, p.year, p.source, p.created_at FROM papers p
           WHERE ${titleCondition('$3')} ORDER BY p.title, p.id LIMIT $1 OFFSET $2) AS page
         ORDER BY page.title, page.id`,
        [options.limit ?? 100, options.offset ?? 0, options.titleContains ?? ''],
      );
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        year: row.year,
        frames: row.frames,
        source: row.source,
        addedAt: new Date(row.created_at).toISOString(),
      }));
    },

    async frames(paperId) {
      const { rows } = await client.query<FrameRow>(
        `${selectFrames} WHERE f.paper_id = $1 ORDER BY f.sentence_index`,
        [paperId],
      );
      return rows.map(frameFromRow);
    },

    async framesPage({ after, limit }) {
      const { rows } = await client.query<FrameRow>(
        `${selectFrames} WHERE (f.paper_id, f.sentence_index) > ($1, $2)
         ORDER BY f.paper_id, f.sentence_index LIMIT $3`,
        [after.paperId, after.sentenceIndex, limit],
      );
      return rows.map(frameFromRow);
    },

    async count(filter = {}) {
      const { rows } = await client.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM papers p WHERE ${titleCondition('$1')}`,
        [filter.titleContains ?? ''],
      );
      return rows[0]?.count ?? 0;
    },

    async titles({ afterId, limit }) {
      const { rows } = await client.query<{ id: string; title: string }>(
        'SELECT id, title FROM papers WHERE id > $1 ORDER BY id LIMIT $2',
        [afterId, limit],
      );
      return rows;
    },

    async countFrames() {
      const { rows } = await client.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM frames',
      );
      return rows[0]?.count ?? 0;
    },

    remove: (id) =>
      client.transaction(async (transaction) => {
        // The delete cascades to the paper's search rows: the corpus row first, as writers lock it.
        await lockSearchCorpus(transaction);
        const { rowCount } = await transaction.query('DELETE FROM papers WHERE id = $1', [id]);
        return rowCount > 0;
      }),

    async retitle({ id, title, extra = {} }) {
      const { rowCount } = await client.query(
        `UPDATE papers SET title = $2, extra = extra || $3::jsonb, updated_at = now() WHERE id = $1`,
        [id, title, JSON.stringify(extra)],
      );
      return rowCount > 0;
    },
  };
}
