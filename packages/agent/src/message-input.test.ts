import { describe, expect, it } from 'vitest';
import { sanitizeMessage } from './message-input.js';

const clean = (message: string) => sanitizeMessage({ message, maxChars: 200 });

describe('a message cleaned before the agent reads it', () => {
  it('drops markup and script content, keeping the words and comparisons', () => {
    expect(clean('<script>alert(1)</script> question answering over tables')).toEqual({
      kind: 'text',
      text: 'question answering over tables',
      truncated: false,
    });
    expect(clean('<b>speech</b> recognition<br/>in <i lang="de">German</i>')).toMatchObject({
      text: 'speech recognition in German',
    });
    // "<10k" and "> 5k" are comparisons, not tags.
    expect(clean('images, <10k of them and > 5k')).toMatchObject({
      text: 'images, <10k of them and > 5k',
    });
  });

  it('says a message of markup only has no words, and caps the length', () => {
    expect(clean('<script>alert("x")</script>')).toEqual({ kind: 'empty' });
    expect(sanitizeMessage({ message: 'a'.repeat(30), maxChars: 10 })).toEqual({
      kind: 'text',
      text: 'a'.repeat(10),
      truncated: true,
    });
  });
});
