/**
 * @module The request logger `quarry serve` and `quarry mcp` write to standard error
 * (QUARRY_REQUEST_LOG): JSON lines for machines, short lines for a person at a terminal.
 */
import { humanLineLogger, jsonLineLogger, silentLogger } from '@quarry/api';
import type { Logger } from '@quarry/api';
import type { CliIo } from '../cli-io.js';
import type { Settings } from '../settings.js';

export function serveLogger(
  settings: Pick<Settings, 'requestLog' | 'slowRequestMs'>,
  io: Pick<CliIo, 'stderr' | 'interactive'>,
): Logger {
  const write = (line: string) => io.stderr(line);
  const mode =
    settings.requestLog === 'auto' ? (io.interactive ? 'human' : 'json') : settings.requestLog;
  if (mode === 'off') return silentLogger;
  if (mode === 'json') return jsonLineLogger(write);
  return humanLineLogger(write, { slowRequestMs: settings.slowRequestMs });
}
