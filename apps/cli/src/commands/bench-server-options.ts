/**
 * @module What `quarry bench load|hostile|faults` share: the options that pick the server (start
 * `quarry serve` on `--db`, copied unless `--in-place`, or target a running one with `--url` and
 * `--token`), the path of the `quarry` entry point the benchmarks start, and printing a report
 * (tables on stdout, or on stderr with `--json` so the last stdout line is the JSON summary).
 */
import { resolve } from 'node:path';
import { AppError } from '@quarry/core';
import { formatTargetTable, missedTargets } from '@quarry/eval';
import type { TargetCheck } from '@quarry/eval';
import type { CliIo } from '../cli-io.js';
import { printJsonLine } from '../command.js';
import { exitCodes } from '../exit-codes.js';
import { repositoryRoot } from '../settings.js';

export const benchServerOptions = {
  db: { type: 'string' },
  url: { type: 'string' },
  token: { type: 'string' },
  'in-place': { type: 'boolean', default: false },
  seed: { type: 'string' },
  json: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
  /** A folder for the started server's V8 CPU profile (written when it stops). */
  'cpu-prof': { type: 'string' },
} as const;

export const quarryBinary = resolve(repositoryRoot, 'apps/cli/bin/quarry.js');

/** A whole number option (`--clients 50`), or the fallback; a usage error when not whole. */
export function wholeNumberOption(options: {
  value: string | undefined;
  name: string;
  fallback: number;
  minimum?: number;
  usage: string;
}): number {
  if (options.value === undefined) return options.fallback;
  const value = Number(options.value);
  if (!Number.isInteger(value) || value < (options.minimum ?? 0)) {
    throw new AppError({
      code: 'invalid_input',
      message: `--${options.name} must be a whole number >= ${options.minimum ?? 0}, got "${options.value}"`,
      fix: `usage: ${options.usage}`,
    });
  }
  return value;
}

/** Progress lines on stderr; the server's own lines only with --verbose. */
export function benchLog(io: CliIo, verbose: boolean): (line: string) => void {
  return (line) => {
    if (!verbose && line.startsWith('server: ')) return;
    io.stderr(`${line}\n`);
  };
}

/**
 * Prints the report's tables and the JSON summary; the exit code is 0 when every target was met
 * and 1 (partial failure) when one was missed.
 */
export function printBenchReport(options: {
  io: CliIo;
  json: boolean;
  tables: string[];
  targets: readonly TargetCheck[];
  result: unknown;
}): number {
  const text = `${[...options.tables, formatTargetTable(options.targets)].join('\n\n')}\n`;
  if (options.json) {
    options.io.stderr(text);
    printJsonLine(options.io, options.result);
  } else options.io.stdout(text);
  return missedTargets(options.targets).length === 0 ? exitCodes.success : exitCodes.partialFailure;
}
