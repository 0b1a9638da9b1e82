import { describe, expect, it } from 'vitest';
import { readSafetensors, safetensorToFloat32, safetensorToInt32 } from './safetensors-reader.js';

function safetensorsFile(header: Record<string, unknown>, data: Uint8Array): Uint8Array {
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const file = new Uint8Array(8 + headerBytes.length + data.length);
  new DataView(file.buffer).setBigUint64(0, BigInt(headerBytes.length), true);
  file.set(headerBytes, 8);
  file.set(data, 8 + headerBytes.length);
  return file;
}

describe('readSafetensors', () => {
  it('reads float32, float16, float64 and int32 tensors by name', () => {
    const data = new Uint8Array(8 + 4 + 8 + 8);
    const view = new DataView(data.buffer);
    view.setFloat32(0, 1.5, true);
    view.setFloat32(4, -2, true);
    view.setUint16(8, 0x3c00, true); // 1.0 in binary16
    view.setUint16(10, 0xc000, true); // -2.0 in binary16
    view.setFloat64(12, 0.25, true);
    view.setInt32(20, 7, true);
    view.setInt32(24, -3, true);
    const file = readSafetensors(
      safetensorsFile(
        {
          __metadata__: { format: 'pt' },
          a: { dtype: 'F32', shape: [2], data_offsets: [0, 8] },
          b: { dtype: 'F16', shape: [2], data_offsets: [8, 12] },
          c: { dtype: 'F64', shape: [1], data_offsets: [12, 20] },
          d: { dtype: 'I32', shape: [2], data_offsets: [20, 28] },
        },
        data,
      ),
    );
    expect(file.metadata).toEqual({ format: 'pt' });
    expect([...safetensorToFloat32(file.tensors.get('a')!)]).toEqual([1.5, -2]);
    expect([...safetensorToFloat32(file.tensors.get('b')!)]).toEqual([1, -2]);
    expect([...safetensorToFloat32(file.tensors.get('c')!)]).toEqual([0.25]);
    expect([...safetensorToInt32(file.tensors.get('d')!)]).toEqual([7, -3]);
  });

  it('rejects a tensor whose byte range does not match its shape', () => {
    const bytes = safetensorsFile(
      { a: { dtype: 'F32', shape: [3], data_offsets: [0, 8] } },
      new Uint8Array(8),
    );
    expect(() => readSafetensors(bytes)).toThrow(/does not match shape/);
  });

  it('rejects a truncated file', () => {
    const bytes = safetensorsFile(
      { a: { dtype: 'F32', shape: [2], data_offsets: [0, 8] } },
      new Uint8Array(8),
    );
    expect(() => readSafetensors(bytes.subarray(0, bytes.length - 4))).toThrow(RangeError);
  });
});
