/**
 * @module SqlClient: the one database interface Quarry uses, implemented over embedded PGlite and
 * over PostgreSQL (pg). Repositories and the migrator only see this interface.
 */

export type SqlBackendKind = 'pglite' | 'postgres';

export interface SqlResult<Row> {
  rows: Row[];
  /** Rows touched by INSERT/UPDATE/DELETE, or returned by SELECT. */
  rowCount: number;
}

/** What can run statements: the client itself or a transaction. */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<SqlResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface SqlClient extends SqlExecutor {
  readonly kind: SqlBackendKind;
  /** A short description of where the data lives, without credentials. */
  readonly location: string;
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (transaction: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
