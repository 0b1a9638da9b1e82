/**
 * Two `quarry serve` processes on one PostgreSQL database (QUARRY_TEST_POSTGRES_URL; required in
 * CI) while `quarry ingest datasets` adds a dataset to the catalog: both notice the change
 * (QUARRY_CATALOG_REFRESH_MS), rebuild their recommender and catalog browser without a restart,
 * and recommend the new dataset with the same ranking.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresRequired, postgresTestUrl, throwawayPostgres } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './main.js';
import { captureIo } from './test-support/captured-io.js';
import { startServeProcess } from './test-support/serve-process.js';
import type { ServeProcess } from './test-support/serve-process.js';

const adminUrl = postgresTestUrl;
const databases = throwawayPostgres(adminUrl ?? '', 'quarry_catalog_refresh');
const token = randomBytes(24).toString('hex');
/** How long both servers may take to serve the new dataset before the test fails. */
const findWithinMs = 10_000;

const newDataset = {
  id: 'GlacierFibreFlow',
  name: 'GlacierFibreFlow',
  full_name: 'Glacier Fibre Flow Corpus',
  year: 2023,
  modalities: ['Time series'],
  tasks: ['Glacier Flow Estimation'],
  languages: [],
  variants: ['Glacier Fibre Flow'],
  paper: { title: 'Glacier Flow Sensing with Acoustic Fibre Arrays', url: null },
  homepage: null,
  description:
    'Distributed acoustic sensing recordings of glacier flow along buried optical fibres, with basal sliding events labelled against GPS stakes.',
};
const question = 'distributed acoustic sensing recordings of glacier flow along optical fibres';

interface SearchResults {
  results: { datasetId: string; score: number }[];
}

async function getJson<Body>(server: ServeProcess, path: string): Promise<Body> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
}

const recommend = (server: ServeProcess) =>
  getJson<SearchResults>(server, `/api/datasets/search?q=${encodeURIComponent(question)}&limit=5`);

// A test, not a hook: a failing hook would only mark the tests below skipped.
it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(adminUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

describe('two quarry serve processes see a catalog ingested while they run', () => {
  const servers: ServeProcess[] = [];
  let database = '';

  beforeAll(async () => {
    if (!adminUrl) return;
    database = await databases.create();
    for (let started = 0; started < 2; started += 1) {
      // One at a time: the first applies the migrations and imports the starter catalog.
      servers.push(
        await startServeProcess({
          database,
          environment: {
            QUARRY_API_TOKEN: token,
            QUARRY_REQUEST_LOG: 'off',
            QUARRY_CATALOG_REFRESH_MS: '300',
          },
        }),
      );
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await databases.dispose();
  });

  it.skipIf(!postgresRequired && !adminUrl)(
    'recommends and lists the new dataset from both processes within seconds, ranked alike',
    async () => {
      const [first, second] = servers;
      if (!first || !second) throw new Error('both servers should have started');
      for (const server of servers)
        expect((await recommend(server)).results.map((result) => result.datasetId)).not.toContain(
          newDataset.id,
        );

      const folder = await mkdtemp(join(tmpdir(), 'quarry-catalog-refresh-'));
      const file = join(folder, 'datasets.jsonl');
      await writeFile(file, `${JSON.stringify(newDataset)}\n`);
      const io = captureIo();
      expect(
        await run({ argv: ['ingest', 'datasets', file, '--db', database], io }),
        io.err.join(''),
      ).toBe(0);

      const ingestedAt = Date.now();
      const rankings: SearchResults[] = [];
      for (const server of servers) {
        let found: SearchResults = { results: [] };
        while (Date.now() - ingestedAt < findWithinMs) {
          found = await recommend(server);
          if (found.results[0]?.datasetId === newDataset.id) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(found.results[0]?.datasetId).toBe(newDataset.id);
        rankings.push(found);
        const listed = await getJson<{ total: number; datasets: { id: string }[] }>(
          server,
          `/api/datasets?name=${encodeURIComponent('Glacier Fibre')}`,
        );
        expect(listed.datasets.map((dataset) => dataset.id)).toEqual([newDataset.id]);
        expect(server.stderr()).toMatch(/catalog refreshed: (\d+) -> \d+ datasets in [\d.]+ s/);
      }
      expect(rankings[1]).toEqual(rankings[0]);
    },
    60_000,
  );
});
