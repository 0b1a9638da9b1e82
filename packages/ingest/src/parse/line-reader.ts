/**
 * @module Line reader: streams a text file line by line with a byte limit per line, so one huge
 * line is reported (and skipped) without ever being held in memory.
 */

import { createReadStream } from 'node:fs';

/** Default longest line, in bytes, that the JSON Lines readers accept. */
export const defaultMaxLineBytes = 8 * 1024 * 1024;

export type LineReadResult =
  | { kind: 'line'; lineNumber: number; text: string }
  /** A line longer than the limit: only its length was counted, its bytes were dropped. */
  | { kind: 'too-long'; lineNumber: number; byteLength: number };

const newlineByte = 0x0a;
const carriageReturnByte = 0x0d;

/**
 * Yields every line of a UTF-8 file, numbered from 1, without its "\n" or "\r\n" and with a
 * leading byte-order mark removed; a line over `maxLineBytes` bytes yields `too-long` instead.
 * Throws only when the file cannot be opened or read.
 */
export async function* readLines(
  path: string,
  options: { maxLineBytes?: number } = {},
): AsyncGenerator<LineReadResult> {
  const maxLineBytes = options.maxLineBytes ?? defaultMaxLineBytes;
  const decoder = new TextDecoder('utf-8');
  let pendingChunks: Buffer[] = [];
  let pendingByteLength = 0;
  let lastPendingByte: number | undefined;
  let isOverLimit = false;
  let lineNumber = 0;

  const appendToLine = (bytes: Buffer): void => {
    if (bytes.length === 0) return;
    pendingByteLength += bytes.length;
    lastPendingByte = bytes[bytes.length - 1];
    // One byte of slack: a trailing "\r" is not part of the line.
    if (pendingByteLength > maxLineBytes + 1) {
      isOverLimit = true;
      pendingChunks = [];
    }
    if (!isOverLimit) pendingChunks.push(bytes);
  };

  const finishLine = (): LineReadResult => {
    lineNumber += 1;
    const carriageReturnLength = lastPendingByte === carriageReturnByte ? 1 : 0;
    const byteLength = pendingByteLength - carriageReturnLength;
    let result: LineReadResult;
    if (isOverLimit || byteLength > maxLineBytes) {
      result = { kind: 'too-long', lineNumber, byteLength };
    } else {
      const bytes = Buffer.concat(pendingChunks).subarray(0, byteLength);
      const text = decoder.decode(bytes);
      result = {
        kind: 'line',
        lineNumber,
        text: lineNumber === 1 ? text.replace(/^\uFEFF/, '') : text,
      };
    }
    pendingChunks = [];
    pendingByteLength = 0;
    lastPendingByte = undefined;
    isOverLimit = false;
    return result;
  };

  for await (const chunk of createReadStream(path)) {
    const buffer = chunk as Buffer;
    let segmentStart = 0;
    let newlineIndex = buffer.indexOf(newlineByte, segmentStart);
    while (newlineIndex !== -1) {
      appendToLine(buffer.subarray(segmentStart, newlineIndex));
      yield finishLine();
      segmentStart = newlineIndex + 1;
      newlineIndex = buffer.indexOf(newlineByte, segmentStart);
    }
    appendToLine(buffer.subarray(segmentStart));
  }
  if (pendingByteLength > 0) yield finishLine();
}
