/**
 * @module SqlClient over PostgreSQL with pgvector, through a pg connection pool.
 */
import pg from 'pg';
import { AppError } from '@quarry/core';
import type { SqlClient, SqlExecutor, SqlResult } from './sql-client.js';

export interface PostgresClientOptions {
  connectionString: string;
  /** Maximum pooled connections. */
  maxConnections?: number;
}

function executorOver(queryable: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<SqlResult<Row>> {
      const result = await queryable.query(sql, [...params]);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await queryable.query(sql);
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

export async function createPostgresClient(options: PostgresClientOptions): Promise<SqlClient> {
  const location = redactConnectionString(options.connectionString);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
  });
  // An idle client that errors (server restart) must not crash the process.
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
    ...executorOver(pool),
    async transaction<T>(work: (transaction: SqlExecutor) => Promise<T>): Promise<T> {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work(executorOver(connection));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}
