/**
 * @module A real `quarry serve` on a tiny fresh database for the CI-scale benchmark tests, with
 * rate limits out of the way (the tests measure the server, not the limiter); `close()` stops it
 * and removes the database.
 */
import { openBenchmarkServer } from '../benchmark-server.js';
import type { BenchmarkServer } from '../benchmark-server.js';
import { buildTinyDatabase, quarryBinary, testEnvironment } from './tiny-database.js';

export interface TinyBenchmarkServer {
  server: BenchmarkServer;
  close(): Promise<void>;
}

export async function openTinyBenchmarkServer(): Promise<TinyBenchmarkServer> {
  const tiny = await buildTinyDatabase();
  const server = await openBenchmarkServer({
    quarryBinary,
    database: tiny.database,
    copyDatabase: false,
    environment: testEnvironment(),
    serverSettings: {
      QUARRY_RATE_LIMIT_PER_MINUTE: '1000000',
      QUARRY_CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    log: () => undefined,
  });
  return {
    server,
    async close() {
      await server.close();
      await tiny.remove();
    },
  };
}
