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
