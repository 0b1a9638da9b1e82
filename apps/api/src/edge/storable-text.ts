/**
 * @module Text the database can store: PostgreSQL refuses NUL characters in text and JSON, and a
 * lone UTF-16 surrogate is not valid Unicode. Such input is refused at the edge with a 400 naming
 * where it was, instead of failing deep in a query.
 */
import type { MiddlewareHandler } from 'hono';
import { AppError } from '@quarry/core';

export function isStorableText(text: string): boolean {
  return !/\u0000/.test(text) && !hasLoneSurrogate(text);
}

function hasLoneSurrogate(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1;
        continue;
      }
      return true;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

function unstorableError(where: string): AppError {
  return new AppError({
    code: 'invalid_input',
    message: 'the text contains a NUL character or broken Unicode',
    where,
  });
}

/** Throws `invalid_input` naming the first string in `value` that cannot be stored. */
export function assertStorable(value: unknown, where = 'body'): void {
  if (typeof value === 'string') {
    if (!isStorableText(value)) throw unstorableError(where);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, position) => assertStorable(item, `${where}.${position}`));
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) throw unstorableError(where);
      assertStorable(item, `${where}.${key}`);
    }
  }
}

/** Refuses a path or query string that decodes to text the database cannot store. */
export function storableRequestText(): MiddlewareHandler {
  return async (context, next) => {
    const url = new URL(context.req.url);
    let decodedPath: string;
    try {
      decodedPath = decodeURIComponent(url.pathname);
    } catch {
      throw new AppError({
        code: 'invalid_input',
        message: 'the address is not valid UTF-8',
        where: 'path',
      });
    }
    if (!isStorableText(decodedPath)) throw unstorableError('path');
    for (const [name, value] of url.searchParams) {
      if (!isStorableText(name) || !isStorableText(value)) throw unstorableError(name.slice(0, 40));
    }
    await next();
  };
}
