import { describe, expect, it } from 'vitest';
import { AppError, toAppError } from './app-error.js';

describe('AppError', () => {
  it('names the place and the fix in its message', () => {
    const error = new AppError({
      code: 'invalid_input',
      message: 'line is not JSON',
      where: 'data.jsonl:3',
      fix: 'repair the line',
    });
    expect(error.message).toBe('data.jsonl:3: line is not JSON (repair the line)');
    expect(error.code).toBe('invalid_input');
  });

  it('keeps the original error as cause when wrapping', () => {
    const original = new TypeError('boom');
    const wrapped = toAppError(original, { code: 'internal', message: 'failed' });
    expect(wrapped.cause).toBe(original);
    expect(wrapped.message).toBe('failed: boom');
    expect(toAppError(wrapped, { code: 'internal', message: 'x' })).toBe(wrapped);
  });
});
