import { expect, it } from 'vitest';
import { escapeRegExp } from './escape-reg-exp.js';

it('matches the text literally, also with the unicode flag', () => {
  for (const text of ['C++ (v2)', 'a.b*c?', '[x]{2}|$^', 'path/to\\file']) {
    expect(new RegExp(`^${escapeRegExp(text)}$`, 'u').test(text)).toBe(true);
  }
  expect(new RegExp(escapeRegExp('a.c')).test('abc')).toBe(false);
});
