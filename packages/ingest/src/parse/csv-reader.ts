/**
 * @module Streaming CSV reader (RFC 4180): quoted fields with embedded commas, newlines and doubled
 * quotes, CRLF or LF line ends, and a size limit per record so one runaway record is reported
 * without being held in memory.
 */

import { createReadStream } from 'node:fs';

/** Default longest record, in characters, that the CSV reader accepts. */
export const defaultMaxRecordCharacters = 8 * 1024 * 1024;

export type CsvReadResult =
  /** `lineNumber` is the file line the record starts on, from 1. */
  | { kind: 'record'; lineNumber: number; fields: string[] }
  | { kind: 'too-long'; lineNumber: number; characterCount: number }
  | { kind: 'unterminated-quote'; lineNumber: number };

type CsvReaderState = 'field-start' | 'unquoted-field' | 'quoted-field' | 'quote-in-quoted-field';

/**
 * Yields every record of a UTF-8 CSV file in order. Blank lines are skipped. Lenient where RFC 4180
 * is strict: a quote inside an unquoted field, or text after a closing quote, is kept as text.
 * Throws only when the file cannot be opened or read.
 */
export async function* readCsvRecords(
  path: string,
  options: { maxRecordCharacters?: number } = {},
): AsyncGenerator<CsvReadResult> {
  const maxRecordCharacters = options.maxRecordCharacters ?? defaultMaxRecordCharacters;
  let state: CsvReaderState = 'field-start';
  let fields: string[] = [];
  let field = '';
  let recordCharacterCount = 0;
  let isOverLimit = false;
  let lineNumber = 1;
  let recordStartLine = 1;
  let isRecordStarted = false;
  let isFirstCharacter = true;

  const endField = (): void => {
    if (!isOverLimit) fields.push(field);
    field = '';
  };
  const endRecord = (): CsvReadResult | null => {
    endField();
    const finished: CsvReadResult | null = isOverLimit
      ? { kind: 'too-long', lineNumber: recordStartLine, characterCount: recordCharacterCount }
      : fields.length === 1 && fields[0] === ''
        ? null
        : { kind: 'record', lineNumber: recordStartLine, fields };
    fields = [];
    recordCharacterCount = 0;
    isOverLimit = false;
    isRecordStarted = false;
    state = 'field-start';
    return finished;
  };
  const appendCharacter = (character: string): void => {
    recordCharacterCount += 1;
    if (recordCharacterCount > maxRecordCharacters) {
      isOverLimit = true;
      fields = [];
      field = '';
    }
    if (!isOverLimit) field += character;
  };

  const stream = createReadStream(path, { encoding: 'utf8' });
  for await (const chunk of stream) {
    for (const character of chunk as string) {
      if (isFirstCharacter) {
        isFirstCharacter = false;
        if (character === '\uFEFF') continue;
      }
      const isLineEnd = character === '\n' || character === '\r';
      if (!isRecordStarted && !isLineEnd) {
        isRecordStarted = true;
        recordStartLine = lineNumber;
      }
      if (character === '\n') lineNumber += 1;
      if (state === 'quoted-field') {
        if (character === '"') state = 'quote-in-quoted-field';
        else appendCharacter(character);
        continue;
      }
      if (state === 'quote-in-quoted-field') {
        if (character === '"') {
          appendCharacter('"');
          state = 'quoted-field';
          continue;
        }
        state = 'unquoted-field';
      }
      if (character === ',') {
        endField();
        recordCharacterCount += 1;
        state = 'field-start';
      } else if (isLineEnd) {
        // "\r\n", "\n" and a lone "\r" all end a record; the empty record between "\r" and "\n" is skipped.
        if (isRecordStarted) {
          const finished = endRecord();
          if (finished) yield finished;
        }
      } else if (character === '"' && state === 'field-start') {
        state = 'quoted-field';
      } else {
        appendCharacter(character);
        state = 'unquoted-field';
      }
    }
  }
  if (state === 'quoted-field') {
    yield { kind: 'unterminated-quote', lineNumber: recordStartLine };
    return;
  }
  if (isRecordStarted) {
    const finished = endRecord();
    if (finished) yield finished;
  }
}
