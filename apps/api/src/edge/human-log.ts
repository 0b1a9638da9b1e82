/**
 * @module Log lines for a person at a terminal: one short line per failed or slow API request and per
 * warning or error, nothing for static files or quick successes, so the start banner stays on
 * screen. Machines get the JSON lines (request-log.ts); `quarry serve` picks by whether standard
 * error is a terminal, or by QUARRY_REQUEST_LOG.
 */
import type { LogEntry, Logger } from './request-log.js';

export interface HumanLogOptions {
  /** Requests at least this slow (ms) get a line even when they succeed. */
  slowRequestMs: number;
  now?: () => Date;
}

/** Paths the server answers itself rather than the web app's files. */
const servicePrefixes = ['/api/', '/mcp', '/slack/'];

function isServicePath(path: unknown): boolean {
  return typeof path === 'string' && servicePrefixes.some((prefix) => path.startsWith(prefix));
}

function clock(now: () => Date): string {
  return now().toTimeString().slice(0, 8);
}

function firstCause(entry: LogEntry): string {
  const chain = entry.error;
  if (!Array.isArray(chain)) return typeof entry.detail === 'string' ? entry.detail : '';
  const messages = chain
    .map((link: unknown) =>
      link && typeof link === 'object' && 'message' in link ? String(link.message) : '',
    )
    .filter((message) => message !== '');
  return messages.join(' <- ');
}

/** The line a person reads for an entry, or null when the entry is not worth a line. */
export function humanLine(entry: LogEntry, options: HumanLogOptions): string | null {
  const time = clock(options.now ?? (() => new Date()));
  if (entry.message === 'audit') return null;
  if (entry.message === 'request') {
    const status = typeof entry.status === 'number' ? entry.status : 0;
    const ms = typeof entry.ms === 'number' ? entry.ms : 0;
    const failed = status >= 500 || (status >= 400 && isServicePath(entry.path));
    const slow = ms >= options.slowRequestMs && isServicePath(entry.path);
    if (!failed && !slow) return null;
    const what = failed ? (status >= 500 ? 'failed' : 'refused') : 'slow';
    return `${time} ${what} ${String(entry.method)} ${String(entry.path)} -> ${status} in ${Math.round(ms)} ms (request ${String(entry.requestId)})`;
  }
  const cause = firstCause(entry);
  const id = typeof entry.requestId === 'string' ? ` (request ${entry.requestId})` : '';
  return `${time} ${entry.level} ${entry.message}${cause === '' ? '' : `: ${cause}`}${id}`;
}

export function humanLineLogger(write: (line: string) => void, options: HumanLogOptions): Logger {
  return (entry) => {
    const line = humanLine(entry, options);
    if (line !== null) write(`${line}\n`);
  };
}
