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

/** Deepest JSON nesting accepted: no request Quarry serves needs more. */
export const maxJsonDepth = 32;

/**
 * Throws `invalid_input` naming the first string in `value` that cannot be stored, or when the
 * value is nested deeper than `maxJsonDepth` (walked without recursion, so no input can exhaust
 * the stack).
 */
export function assertStorable(value: unknown, where = 'body'): void {
  const pending: { value: unknown; where: string; depth: number }[] = [{ value, where, depth: 0 }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) throw unstorableError(item.where);
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (item.depth >= maxJsonDepth) {
      throw new AppError({
        code: 'invalid_input',
        message: `the JSON is nested deeper than ${maxJsonDepth} levels`,
        where: item.where.slice(0, 200),
      });
    }
    const entries = Array.isArray(current)
      ? current.map((child, position) => [String(position), child] as const)
      : Object.entries(current);
    for (const [key, child] of entries) {
      if (!isStorableText(key)) throw unstorableError(item.where);
      pending.push({
        value: child,
        where: `${item.where}.${key}`.slice(0, 200),
        depth: item.depth + 1,
      });
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
