/**
 * @module SqlClient over PostgreSQL with pgvector, through a pg connection pool that survives the
 * server going away: errors on idle and checked-out connections are caught (never an unhandled
 * 'error' that ends the process), broken connections are dropped rather than reused, failures
 * while the server is down become AppError `storage_failure`, and the pool reconnects on its own
 * when the server is back. Connection and statement timeouts bound every wait.
 */
import pg from 'pg';
import { AppError } from '@quarry/core';
import { mapPostgresError } from './postgres-unavailable.js';
import type { SqlClient, SqlExecutor, SqlResult } from './sql-client.js';

export interface PostgresClientOptions {
  connectionString: string;
  /** Maximum pooled connections (default 10). */
  maxConnections?: number;
  /** Longest wait for a connection, new or from the pool, in ms (default 5000). */
  connectTimeoutMs?: number;
  /** Server-side statement_timeout in ms; 0 means none (default 30000). */
  statementTimeoutMs?: number;
}

export const postgresDefaults = {
  maxConnections: 10,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 30_000,
} as const;

function executorOver(queryable: pg.Pool | pg.PoolClient, location: string): SqlExecutor {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      try {
        const result = await queryable.query(sql, [...params]);
        return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
      } catch (error) {
        throw mapPostgresError(error, location);
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await queryable.query(sql);
      } catch (error) {
        throw mapPostgresError(error, location);
      }
    },
  };
}

/** Removes the password from a connection string, for messages and `location`. */
export function redactConnectionString(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://(unparsable url)';
  }
}

/**
 * The error a checked-out connection emitted (the server restarted mid-transaction): without a
 * listener, EventEmitter would throw it and end the process. One listener per connection, kept
 * for its life, records it so that the transaction can report it and drop the connection.
 */
const connectionErrors = new WeakMap<pg.PoolClient, Error | null>();

function watchConnection(connection: pg.PoolClient): void {
  if (connectionErrors.has(connection)) return;
  connectionErrors.set(connection, null);
  connection.on('error', (error: Error) => {
    connectionErrors.set(connection, error);
  });
}

export async function createPostgresClient(options: PostgresClientOptions): Promise<SqlClient> {
  const location = redactConnectionString(options.connectionString);
  const statementTimeoutMs = options.statementTimeoutMs ?? postgresDefaults.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? postgresDefaults.maxConnections,
    connectionTimeoutMillis: options.connectTimeoutMs ?? postgresDefaults.connectTimeoutMs,
    // A half-open socket (the server's machine vanished) is noticed by TCP keepalive.
    keepAlive: true,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // An idle client that errors (server restart) must not crash the process; the pool drops it.
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw new AppError({
      code: 'storage_failure',
      message: 'could not connect to PostgreSQL',
      where: location,
      fix: 'check that the server is running and QUARRY_DB / --db is right',
      cause: error,
    });
  }
  return {
    kind: 'postgres',
    location,
    ...executorOver(pool, location),
    async transaction<T>(work: (transaction: SqlExecutor) => Promise<T>): Promise<T> {
      let connection: pg.PoolClient;
      try {
        connection = await pool.connect();
      } catch (error) {
        throw mapPostgresError(error, location);
      }
      watchConnection(connection);
      let broken = false;
      try {
        await connection.query('BEGIN');
        const result = await work(executorOver(connection, location));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        broken = connectionErrors.get(connection) != null;
        if (!broken) {
          await connection.query('ROLLBACK').catch(() => {
            broken = true;
          });
        }
        throw mapPostgresError(connectionErrors.get(connection) ?? error, location);
      } finally {
        // A broken connection is closed and replaced, never handed to the next caller.
        connection.release(broken || connectionErrors.get(connection) != null);
      }
    },
    close: () => pool.end(),
  };
}
