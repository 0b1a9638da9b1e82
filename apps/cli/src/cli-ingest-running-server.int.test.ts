/**
 * Adding papers to a running Quarry: while `quarry serve` holds the embedded folder, `quarry
 * ingest papers` sends the files through the server's upload API and they are searchable when it
 * returns (no `quarry index`, no restart); `quarry index` and `quarry ingest datasets` say exactly
 * what to do; after the server stops the folder opens intact and ingest works directly again.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './main.js';
import { runningServerPathOf } from './serve/running-server-record.js';
import { captureIo } from './test-support/captured-io.js';
import { startServeProcess } from './test-support/serve-process.js';
import type { ServeProcess } from './test-support/serve-process.js';
import { sharedDataPath } from './test-support/shared-data.js';
import { exitCodeByErrorCode, exitCodes } from './exit-codes.js';

const token = 'running-server-token-0123456789';
const scirexPapers = [
  '0523e14247d74c4505cd5e32e1f0495f291ec432',
  '0985497d1de3ffd11713e75289cc2ad55836623d',
].map((id) => sharedDataPath('scirex', 'papers', `${id}.json`));

async function quarry(argv: string[], environment: Record<string, string> = {}) {
  const io = captureIo({ QUARRY_API_TOKEN: token, ...environment });
  const exitCode = await run({ argv, io });
  return { exitCode, io, stderr: io.err.join('') };
}

describe('adding papers while quarry serve runs', () => {
  let server: ServeProcess;
  let scratch: string;
  let textPaper: string;

  beforeAll(async () => {
    server = await startServeProcess({
      environment: { QUARRY_API_TOKEN: token, QUARRY_REQUEST_LOG: 'off' },
      readyWhen: 'frame index ready',
    });
    scratch = await mkdtemp(join(tmpdir(), 'quarry-running-ingest-'));
    textPaper = join(scratch, 'tidal-flats.txt');
    await writeFile(
      textPaper,
      'Counting Birds on Tidal Flats\n\nWe count shorebirds with a thermal camera at dawn.\nThe camera sees 41 species.\n',
    );
    await writeFile(join(scratch, 'many.jsonl'), '{}\n');
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  const answers = async (question: string) => {
    const response = await fetch(
      `${server.url}/api/answers/search?q=${encodeURIComponent(question)}`,
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { hits: { paperId: string; text: string }[] }).hits;
  };

  it('records where the server is, beside the folder it holds', () => {
    expect(existsSync(runningServerPathOf(server.database))).toBe(true);
  });

  it('sends the papers through the server; they are searchable when it returns', async () => {
    const before = await answers('thermal camera shorebirds');
    expect(before).toEqual([]);
    const sent = await quarry([
      'ingest',
      'papers',
      ...scirexPapers,
      textPaper,
      join(scratch, 'many.jsonl'),
      '--db',
      server.database,
      '--json',
    ]);
    expect(sent.stderr).toContain(`the Quarry server at ${server.url}`);
    expect(sent.stderr).toMatch(/many\.jsonl: a running server takes \.pdf, \.json and \.txt/);
    expect(sent.exitCode).toBe(exitCodes.partialFailure);
    expect(sent.io.lastJson()).toMatchObject({ papers: 3, inserted: 3, errors: 1 });
    const hits = await answers('thermal camera shorebirds');
    expect(hits[0]?.paperId).toMatch(/^tidal-flats-[0-9a-f]{12}$/);
    const library = (await (await fetch(`${server.url}/api/papers`)).json()) as {
      papers: { title: string }[];
    };
    expect(library.papers.map((paper) => paper.title)).toContain(
      'Factoring Variations in Natural Images with Deep Gaussian Mixture Models',
    );
  });

  it('is idempotent: the same papers again are kept as they are', async () => {
    const again = await quarry([
      'ingest',
      'papers',
      ...scirexPapers,
      textPaper,
      '--db',
      server.database,
      '--json',
    ]);
    expect(again.exitCode).toBe(0);
    expect(again.io.lastJson()).toMatchObject({ papers: 3, inserted: 0, unchanged: 3, errors: 0 });
  });

  it('says so when the API token is not the server’s', async () => {
    const refused = await quarry(['ingest', 'papers', textPaper, '--db', server.database], {
      QUARRY_API_TOKEN: 'not-the-token-0123456789',
    });
    expect(refused.exitCode).toBe(exitCodeByErrorCode.unauthorized);
    expect(refused.stderr).toContain('refused the API token');
  });

  it('quarry index and quarry ingest datasets say exactly what to do', async () => {
    const index = await quarry(['index', '--db', server.database]);
    expect(index.exitCode).toBe(exitCodeByErrorCode.storage_failure);
    expect(index.stderr).toContain('are indexed already');
    expect(index.stderr).toContain('stop the server');
    const datasets = await quarry([
      'ingest',
      'datasets',
      sharedDataPath('datafinder/dataset_collection.jsonl'),
      '--db',
      server.database,
    ]);
    expect(datasets.exitCode).toBe(exitCodeByErrorCode.storage_failure);
    expect(datasets.stderr).toContain('stop the server');
  });

  it('leaves the folder intact: after the server stops it opens and ingests directly', async () => {
    expect(await server.stop()).toBe(0);
    expect(existsSync(runningServerPathOf(server.database))).toBe(false);
    const stats = await quarry(['stats', '--db', server.database, '--json']);
    expect(stats.exitCode).toBe(0);
    expect(stats.io.lastJson()).toMatchObject({ papers: 3 });
    const direct = await quarry(['ingest', 'papers', textPaper, '--db', server.database, '--json']);
    expect(direct.exitCode).toBe(0);
    expect(direct.stderr).not.toContain('the Quarry server at');
    expect(direct.io.lastJson()).toMatchObject({ papers: 1, errors: 0 });
  });
});
