/**
 * @module After a fault: is every paper whole or absent? Opens the database through @quarry/store
 * (applying no migrations) and checks that each paper has frames numbered 0..n-1 without gaps,
 * that papers made from known source files have exactly the sentences a clean parse of the file
 * gives, and that no vector, question or annotation points at a frame or paper that is gone.
 */
import { parsePaperFile } from '@quarry/ingest';
import { openStore } from '@quarry/store';

export interface IntegrityProblem {
  paperId: string;
  problem: string;
}

export interface DatabaseIntegrityReport {
  /** The database could be opened and queried at all. */
  opened: boolean;
  openError: string | null;
  papers: number;
  frames: number;
  /** Papers made from `sourceFiles` that are stored (whole or not). */
  knownPapersStored: number;
  problems: IntegrityProblem[];
  orphanFrameVectors: number;
  orphanQuestionVectors: number;
  orphanQuestions: number;
  orphanAnnotations: number;
  /** Whole or absent everywhere, and nothing orphaned. */
  intact: boolean;
}

interface FrameRange {
  paper_id: string;
  frames: number;
  first: number | null;
  last: number | null;
}

async function expectedSentences(
  path: string,
): Promise<{ title: string; sentences: number } | null> {
  for await (const result of parsePaperFile(path)) {
    if (result.ok) return { title: result.value.title, sentences: result.value.sentences.length };
  }
  return null;
}

export async function checkDatabaseIntegrity(options: {
  location: string;
  /** Source files of papers the benchmark uploaded, matched to stored papers by title. */
  sourceFiles?: readonly string[];
}): Promise<DatabaseIntegrityReport> {
  const empty: DatabaseIntegrityReport = {
    opened: false,
    openError: null,
    papers: 0,
    frames: 0,
    knownPapersStored: 0,
    problems: [],
    orphanFrameVectors: 0,
    orphanQuestionVectors: 0,
    orphanQuestions: 0,
    orphanAnnotations: 0,
    intact: false,
  };
  let store;
  try {
    store = await openStore({ location: options.location, migrate: false });
  } catch (error) {
    return { ...empty, openError: error instanceof Error ? error.message : String(error) };
  }
  try {
    const client = store.client;
    const count = async (sql: string) =>
      (await client.query<{ count: number }>(sql)).rows[0]?.count ?? 0;
    const ranges = (
      await client.query<FrameRange>(
        `SELECT p.id AS paper_id, count(f.id)::int AS frames,
                min(f.sentence_index)::int AS first, max(f.sentence_index)::int AS last
           FROM papers p LEFT JOIN frames f ON f.paper_id = p.id GROUP BY p.id`,
      )
    ).rows;
    const problems: IntegrityProblem[] = [];
    for (const range of ranges) {
      if (range.frames === 0) problems.push({ paperId: range.paper_id, problem: 'no frames' });
      else if (range.first !== 0 || range.last !== range.frames - 1)
        problems.push({
          paperId: range.paper_id,
          problem: `frames numbered ${range.first}..${range.last} but ${range.frames} stored`,
        });
    }
    let knownPapersStored = 0;
    const framesOf = new Map(ranges.map((range) => [range.paper_id, range.frames]));
    for (const file of options.sourceFiles ?? []) {
      const expected = await expectedSentences(file);
      if (!expected) continue;
      const stored = (
        await client.query<{ id: string }>('SELECT id FROM papers WHERE title = $1', [
          expected.title,
        ])
      ).rows;
      for (const { id } of stored) {
        knownPapersStored += 1;
        const frames = framesOf.get(id) ?? 0;
        if (frames !== expected.sentences)
          problems.push({
            paperId: id,
            problem: `${frames} frames stored, the file has ${expected.sentences} sentences`,
          });
      }
    }
    const report: DatabaseIntegrityReport = {
      opened: true,
      openError: null,
      papers: ranges.length,
      frames: await count('SELECT count(*)::int AS count FROM frames'),
      knownPapersStored,
      problems,
      orphanFrameVectors: await count(
        `SELECT count(*)::int AS count FROM vectors v WHERE v.owner_kind = 'frame'
           AND NOT EXISTS (SELECT 1 FROM frames f WHERE f.id::text = v.owner_id)`,
      ),
      orphanQuestionVectors: await count(
        `SELECT count(*)::int AS count FROM vectors v WHERE v.owner_kind = 'question'
           AND NOT EXISTS (SELECT 1 FROM questions q WHERE q.id::text = v.owner_id)`,
      ),
      orphanQuestions: await count(
        `SELECT count(*)::int AS count FROM questions q
           WHERE NOT EXISTS (SELECT 1 FROM frames f WHERE f.id = q.frame_id)`,
      ),
      orphanAnnotations: await count(
        `SELECT count(*)::int AS count FROM annotations a
           WHERE NOT EXISTS (SELECT 1 FROM frames f WHERE f.id = a.frame_id AND f.paper_id = a.paper_id)`,
      ),
      intact: false,
    };
    report.intact =
      report.problems.length === 0 &&
      report.orphanFrameVectors === 0 &&
      report.orphanQuestionVectors === 0 &&
      report.orphanQuestions === 0 &&
      report.orphanAnnotations === 0;
    return report;
  } catch (error) {
    return {
      ...empty,
      opened: true,
      openError: `query failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    await store.close();
  }
}
