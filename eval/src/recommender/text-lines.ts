/**
 * @module Line readers for the offline tools and benchmark files: non-empty trimmed lines of a text
 * file, and JSON Lines whose bad line is an error naming the file and line.
 */
import { readFileSync } from 'node:fs';
import { AppError } from '@quarry/core';

/** The file's non-empty lines, trimmed. */
export function readLines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Each non-empty line parsed as JSON, with `where` (`file:line`) for the caller's own checks. */
export function readJsonLines(path: string): { value: unknown; where: string }[] {
  return parseJsonLines({ text: readFileSync(path, 'utf8'), file: path });
}

/** The same for text already read; `fix` tells how to write a good line. */
export function parseJsonLines(options: {
  text: string;
  file: string;
  fix?: string;
}): { value: unknown; where: string }[] {
  const { file, fix } = options;
  return options.text.split(/\r?\n/u).flatMap((line, index) => {
    if (line.trim() === '') return [];
    const where = `${file}:${index + 1}`;
    try {
      return [{ value: JSON.parse(line) as unknown, where }];
    } catch (error) {
      throw new AppError({
        code: 'invalid_input',
        message: 'line is not JSON',
        where,
        ...(fix === undefined ? {} : { fix }),
        cause: error,
      });
    }
  });
}
