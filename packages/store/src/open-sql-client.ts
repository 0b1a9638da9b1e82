/**
 * @module Opens the right SqlClient for a database location: a postgres:// URL means PostgreSQL,
 * anything else is a PGlite data directory (`memory://` for a throw-away in-memory database).
 */
import type { EmbeddedDurability } from './durable-node-filesystem.js';
import { createPgliteClient } from './pglite-client.js';
import { createPgliteWorkerClient } from './pglite-worker-client.js';
import { createPostgresClient } from './postgres-client.js';
import type { SqlClient } from './sql-client.js';

/** How to connect, beyond the location: each option applies to one kind of database. */
export interface DatabaseConnectionOptions {
  /** PostgreSQL: longest wait for a connection in ms (QUARRY_DB_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** PostgreSQL: statement_timeout in ms, 0 for none (QUARRY_DB_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** PostgreSQL: maximum pooled connections (QUARRY_DB_POOL_SIZE). */
  poolSize?: number;
  /** Embedded: `full` fsyncs every commit (default), `relaxed` does not (QUARRY_DB_DURABILITY). */
  durability?: EmbeddedDurability;
  /**
   * Embedded: run PGlite on the calling thread (`main`, default) or on a worker thread of its
   * own (`worker`: a server's event loop then never runs PostgreSQL; QUARRY_EMBEDDED_DB_THREAD).
   */
  embeddedThread?: 'main' | 'worker';
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

export async function openSqlClient(
  location: string,
  options: DatabaseConnectionOptions = {},
): Promise<SqlClient> {
  if (isPostgresUrl(location)) {
    return createPostgresClient({
      connectionString: location,
      ...(options.poolSize !== undefined ? { maxConnections: options.poolSize } : {}),
      ...(options.connectTimeoutMs !== undefined
        ? { connectTimeoutMs: options.connectTimeoutMs }
        : {}),
      ...(options.statementTimeoutMs !== undefined
        ? { statementTimeoutMs: options.statementTimeoutMs }
        : {}),
    });
  }
  const open = options.embeddedThread === 'worker' ? createPgliteWorkerClient : createPgliteClient;
  if (location === 'memory://') return open({});
  return open({
    dataDirectory: location,
    ...(options.durability ? { durability: options.durability } : {}),
  });
}
