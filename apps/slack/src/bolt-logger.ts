/**
 * @module Bolt's log lines into Quarry's structured log, warnings and errors only. The lines are
 * Bolt's own messages; tokens and request bodies are not among them.
 */
import { LogLevel } from '@slack/logger';
import type { Logger as BoltLogger } from '@slack/logger';

export type SlackLogEntry = { level: 'info' | 'warn' | 'error'; message: string } & Record<
  string,
  unknown
>;

function text(parts: unknown[]): string {
  return parts
    .map((part) =>
      part instanceof Error ? part.message : typeof part === 'string' ? part : JSON.stringify(part),
    )
    .join(' ')
    .slice(0, 2000);
}

export function boltLogger(log: (entry: SlackLogEntry) => void): BoltLogger {
  let level = LogLevel.WARN;
  return {
    debug: () => undefined,
    info: () => undefined,
    warn: (...parts: unknown[]) => log({ level: 'warn', message: 'slack', detail: text(parts) }),
    error: (...parts: unknown[]) => log({ level: 'error', message: 'slack', detail: text(parts) }),
    setLevel: (next) => {
      level = next;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}
