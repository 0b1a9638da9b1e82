/**
 * @module Request bodies of any size generated on the fly: a prefix, `totalBytes` of filler in
 * one reused chunk, and a suffix, so a benchmark can send a 1 GiB body without ever holding it.
 */

export interface HugeBodyOptions {
  /** Filler bytes between prefix and suffix. */
  totalBytes: number;
  /** Sent first (e.g. a multipart part header or `{"id":"x","messages":"`). */
  prefix?: Uint8Array | string;
  /** Sent last (e.g. the closing multipart boundary). */
  suffix?: Uint8Array | string;
  /** One filler byte, repeated (default 'a'). */
  fillerByte?: number;
  /** Size of the one reused chunk (default 64 KiB). */
  chunkBytes?: number;
}

function asBytes(value: Uint8Array | string): Uint8Array {
  return typeof value === 'string' ? new TextEncoder().encode(value) : value;
}

/** Length in bytes of the whole body: prefix + filler + suffix. */
export function hugeBodyLength(options: HugeBodyOptions): number {
  return (
    asBytes(options.prefix ?? '').byteLength +
    options.totalBytes +
    asBytes(options.suffix ?? '').byteLength
  );
}

export function* hugeBodyChunks(options: HugeBodyOptions): Generator<Uint8Array> {
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  const chunk = new Uint8Array(chunkBytes).fill(options.fillerByte ?? 0x61);
  if (options.prefix !== undefined) yield asBytes(options.prefix);
  let left = options.totalBytes;
  while (left > 0) {
    const size = Math.min(left, chunkBytes);
    // The same chunk every time: the body is never held, whatever its size.
    yield size === chunkBytes ? chunk : chunk.subarray(0, size);
    left -= size;
  }
  if (options.suffix !== undefined) yield asBytes(options.suffix);
}
