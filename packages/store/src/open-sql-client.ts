/**
 * @module Opens the right SqlClient for a database location: a postgres:// URL means PostgreSQL,
 * anything else is a PGlite data directory (`memory://` for a throw-away in-memory database).
 */
import { createPgliteClient } from './pglite-client.js';
import { createPostgresClient } from './postgres-client.js';
import type { SqlClient } from './sql-client.js';

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

export async function openSqlClient(location: string): Promise<SqlClient> {
  if (isPostgresUrl(location)) return createPostgresClient({ connectionString: location });
  if (location === 'memory://') return createPgliteClient({});
  return createPgliteClient({ dataDirectory: location });
}
