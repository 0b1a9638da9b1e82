/**
 * @module Reads a whole UTF-8 file, or throws an AppError `not_found` that names the file and what
 * it was meant to be ("cannot read the qrels file"), with an optional fix.
 */
import { readFile } from 'node:fs/promises';
import { AppError } from './app-error.js';

export async function readTextFile(options: {
  path: string;
  /** What the file is, for the message: "the qrels file", "the question-generation prompt". */
  what: string;
  fix?: string;
}): Promise<string> {
  try {
    return await readFile(options.path, 'utf8');
  } catch (error) {
    throw new AppError({
      code: 'not_found',
      message: `cannot read ${options.what}`,
      where: options.path,
      ...(options.fix === undefined ? {} : { fix: options.fix }),
      cause: error,
    });
  }
}
