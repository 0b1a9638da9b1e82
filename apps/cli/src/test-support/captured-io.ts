/**
 * @module A CliIo that records what a command printed, for in-process CLI tests.
 */
import type { CliIo } from '../cli-io.js';

export interface CapturedIo extends CliIo {
  out: string[];
  err: string[];
  /** The parsed last line of stdout (the `--json` contract). */
  lastJson(): Record<string, unknown>;
}

export function captureIo(environment: Record<string, string | undefined> = {}): CapturedIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    interactive: false,
    environment,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    lastJson() {
      const lines = out.join('').trimEnd().split('\n');
      return JSON.parse(lines[lines.length - 1] ?? 'null') as Record<string, unknown>;
    },
  };
}
