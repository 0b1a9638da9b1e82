/**
 * @module Argument parsing for commands (node:util parseArgs), with usage errors as AppErrors.
 */
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { AppError } from '@quarry/core';

export const databaseOption = { db: { type: 'string' } } as const;
export const jsonOption = { json: { type: 'boolean', default: false } } as const;

export function parseCommandArgs<Options extends NonNullable<ParseArgsConfig['options']>>(options: {
  args: string[];
  usage: string;
  options: Options;
}) {
  try {
    return parseArgs({
      args: options.args,
      options: options.options,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new AppError({
      code: 'invalid_input',
      message: error instanceof Error ? error.message : String(error),
      fix: `usage: ${options.usage}`,
      cause: error,
    });
  }
}

/** The value of a required `--name` option, or an `invalid_input` error with the usage line. */
export function requireOption(options: {
  value: string | undefined;
  name: string;
  usage: string;
}): string {
  if (options.value === undefined || options.value.trim() === '') {
    throw new AppError({
      code: 'invalid_input',
      message: `--${options.name} is required`,
      fix: `usage: ${options.usage}`,
    });
  }
  return options.value;
}
