/**
 * @module The messages between the embedded database's worker thread (pglite-worker.ts) and its
 * client (pglite-worker-client.ts): numbered requests, one reply each (id 0: the database opened),
 * and errors as plain fields, since an Error's own properties (PostgreSQL's `code`, `detail`) do
 * not survive the structured clone.
 */

export type WorkerRequest =
  | { id: number; kind: 'query'; sql: string; params: unknown[]; transaction?: number }
  | { id: number; kind: 'exec'; sql: string; transaction?: number }
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'end'; transaction: number; commit: boolean }
  | { id: number; kind: 'close' };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** The error's own string and number fields (`code`, `detail`, `position`, …). */
  fields: Record<string, string | number>;
}

export type WorkerReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

export function serializedError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error))
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return {
    name: error.name,
    message: error.message,
    ...(error.stack === undefined ? {} : { stack: error.stack }),
    fields,
  };
}

/** An Error like the worker's: same name, message and fields, the worker's stack as its cause. */
export function revivedError(serialized: SerializedError): Error {
  const error = new Error(serialized.message, {
    ...(serialized.stack === undefined
      ? {}
      : { cause: `in the database worker: ${serialized.stack}` }),
  });
  error.name = serialized.name;
  Object.assign(error, serialized.fields);
  return error;
}
