import { describe, expect, it } from 'vitest';
import { ProtobufWriter } from './protobuf-writer.js';

describe('ProtobufWriter', () => {
  it('encodes varints as in the protobuf spec example (field 1 = 150 -> 08 96 01)', () => {
    const writer = new ProtobufWriter();
    writer.writeVarintField(1, 150);
    expect([...writer.finish()]).toEqual([0x08, 0x96, 0x01]);
  });

  it("encodes negative int64 values as ten-byte two's complement", () => {
    const writer = new ProtobufWriter();
    writer.writeVarintField(1, -1);
    expect([...writer.finish()]).toEqual([
      0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01,
    ]);
  });

  it('length-prefixes strings and nested messages', () => {
    const inner = new ProtobufWriter();
    inner.writeStringField(2, 'testing');
    const outer = new ProtobufWriter();
    outer.writeMessageField(3, inner);
    expect([...outer.finish()]).toEqual([
      0x1a,
      0x09,
      0x12,
      0x07,
      ...new TextEncoder().encode('testing'),
    ]);
  });

  it('packs repeated varints into one length-delimited field', () => {
    const writer = new ProtobufWriter();
    writer.writePackedVarintField(4, [3, 270, 86942]);
    expect([...writer.finish()]).toEqual([0x22, 0x06, 0x03, 0x8e, 0x02, 0x9e, 0xa7, 0x05]);
  });
});
