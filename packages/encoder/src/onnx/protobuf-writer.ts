/**
 * @module Protocol Buffers wire-format writer: just enough of the encoding
 * (https://protobuf.dev/programming-guides/encoding/) to serialise ONNX models without a dependency.
 */

/** Wire types from the protobuf encoding spec. */
const wireTypes = { varint: 0, fixed64: 1, lengthDelimited: 2, fixed32: 5 } as const;

type WireType = (typeof wireTypes)[keyof typeof wireTypes];

const textEncoder = new TextEncoder();

/**
 * Accumulates one protobuf message. Nested messages are encoded into their own writer first and
 * appended as length-delimited bytes, which is how the wire format represents them.
 */
export class ProtobufWriter {
  private readonly chunks: Uint8Array[] = [];
  private pending: number[] = [];
  private totalLength = 0;

  /** Writes an int32/int64/uint64/enum/bool field. Negative numbers use ten-byte two's complement. */
  writeVarintField(fieldNumber: number, value: number | bigint): void {
    this.writeTag(fieldNumber, wireTypes.varint);
    this.writeVarint(value);
  }

  writeFloatField(fieldNumber: number, value: number): void {
    this.writeTag(fieldNumber, wireTypes.fixed32);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.writeRawBytes(bytes);
  }

  writeStringField(fieldNumber: number, value: string): void {
    this.writeBytesField(fieldNumber, textEncoder.encode(value));
  }

  writeBytesField(fieldNumber: number, value: Uint8Array): void {
    this.writeTag(fieldNumber, wireTypes.lengthDelimited);
    this.writeVarint(value.length);
    this.writeRawBytes(value);
  }

  writeMessageField(fieldNumber: number, message: ProtobufWriter): void {
    this.writeBytesField(fieldNumber, message.finish());
  }

  /** Packed repeated varints (the proto3 default for repeated scalar numbers). */
  writePackedVarintField(fieldNumber: number, values: readonly (number | bigint)[]): void {
    const packed = new ProtobufWriter();
    for (const value of values) packed.writeVarint(value);
    this.writeBytesField(fieldNumber, packed.finish());
  }

  /** Packed repeated 32-bit floats. */
  writePackedFloatField(fieldNumber: number, values: readonly number[]): void {
    const bytes = new Uint8Array(values.length * 4);
    const view = new DataView(bytes.buffer);
    values.forEach((value, index) => view.setFloat32(index * 4, value, true));
    this.writeBytesField(fieldNumber, bytes);
  }

  /** Returns the encoded message. The writer may keep being used afterwards. */
  finish(): Uint8Array {
    this.flushPending();
    const output = new Uint8Array(this.totalLength);
    let offset = 0;
    for (const chunk of this.chunks) {
      output.set(chunk, offset);
      offset += chunk.length;
    }
    return output;
  }

  private writeTag(fieldNumber: number, wireType: WireType): void {
    this.writeVarint(fieldNumber * 8 + wireType);
  }

  private writeVarint(value: number | bigint): void {
    let remaining = BigInt.asUintN(64, BigInt(value));
    while (remaining >= 0x80n) {
      this.pushByte(Number(remaining & 0x7fn) | 0x80);
      remaining >>= 7n;
    }
    this.pushByte(Number(remaining));
  }

  private pushByte(byte: number): void {
    this.pending.push(byte);
    this.totalLength += 1;
  }

  private writeRawBytes(bytes: Uint8Array): void {
    this.flushPending();
    this.chunks.push(bytes);
    this.totalLength += bytes.length;
  }

  private flushPending(): void {
    if (this.pending.length === 0) return;
    this.chunks.push(Uint8Array.from(this.pending));
    this.pending = [];
  }
}
