import { describe, expect, it } from 'vitest';
import { chunkedTransferCoding } from './huge-body-cases.js';
import { hugeBodyChunks, hugeBodyLength } from './huge-body-stream.js';

describe('huge bodies', () => {
  it('stream prefix, filler and suffix in one reused chunk', () => {
    const options = { totalBytes: 10, prefix: 'ab', suffix: 'yz', chunkBytes: 4 };
    const chunks = [...hugeBodyChunks(options)];
    expect(Buffer.concat(chunks).toString()).toBe('abaaaaaaaaaayz');
    expect(hugeBodyLength(options)).toBe(14);
    expect(chunks[1]?.buffer).toBe(chunks[2]?.buffer);
  });

  it('wrap a stream in chunked transfer coding', () => {
    const coded = Buffer.concat([
      ...chunkedTransferCoding([Buffer.from('hello'), Buffer.from('')]),
    ]);
    expect(coded.toString()).toBe('5\r\nhello\r\n0\r\n\r\n');
  });
});
