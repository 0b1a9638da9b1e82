/**
 * @module safetensors reader (https://huggingface.co/docs/safetensors): an 8-byte little-endian
 * header length, a JSON header of {dtype, shape, data_offsets} per tensor, then the raw bytes.
 */

export const safetensorsDataTypes = [
  'F64',
  'F32',
  'F16',
  'BF16',
  'I64',
  'I32',
  'I16',
  'I8',
  'U8',
] as const;

export type SafetensorsDataType = (typeof safetensorsDataTypes)[number];

export interface SafetensorsTensor {
  name: string;
  dataType: SafetensorsDataType;
  shape: readonly number[];
  /** The tensor's bytes (a view into the file buffer). */
  bytes: Uint8Array;
}

export interface SafetensorsFile {
  tensors: ReadonlyMap<string, SafetensorsTensor>;
  metadata: Readonly<Record<string, string>>;
}

const bytesPerElement: Record<SafetensorsDataType, number> = {
  F64: 8,
  F32: 4,
  F16: 2,
  BF16: 2,
  I64: 8,
  I32: 4,
  I16: 2,
  I8: 1,
  U8: 1,
};

/** Parses a safetensors file; throws a RangeError describing the first inconsistency found. */
export function readSafetensors(file: Uint8Array): SafetensorsFile {
  if (file.length < 8)
    throw new RangeError('safetensors file is shorter than its 8-byte header length');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const headerLength = Number(view.getBigUint64(0, true));
  if (8 + headerLength > file.length) {
    throw new RangeError(
      `safetensors header of ${headerLength} bytes runs past the end of the file`,
    );
  }
  const header: unknown = JSON.parse(new TextDecoder().decode(file.subarray(8, 8 + headerLength)));
  if (typeof header !== 'object' || header === null)
    throw new RangeError('safetensors header is not an object');
  const dataStart = 8 + headerLength;
  const tensors = new Map<string, SafetensorsTensor>();
  let metadata: Record<string, string> = {};
  for (const [name, entry] of Object.entries(header as Record<string, unknown>)) {
    if (name === '__metadata__') {
      metadata = entry as Record<string, string>;
      continue;
    }
    const {
      dtype,
      shape,
      data_offsets: offsets,
    } = entry as {
      dtype: string;
      shape: number[];
      data_offsets: [number, number];
    };
    if (!isSafetensorsDataType(dtype))
      throw new RangeError(`tensor ${name}: unsupported dtype ${dtype}`);
    const [begin, end] = offsets;
    const elementCount = shape.reduce((product, dim) => product * dim, 1);
    if (end - begin !== elementCount * bytesPerElement[dtype] || dataStart + end > file.length) {
      throw new RangeError(
        `tensor ${name}: byte range [${begin}, ${end}) does not match shape [${shape.join(', ')}]`,
      );
    }
    tensors.set(name, {
      name,
      dataType: dtype,
      shape,
      bytes: file.subarray(dataStart + begin, dataStart + end),
    });
  }
  return { tensors, metadata };
}

function isSafetensorsDataType(value: string): value is SafetensorsDataType {
  return (safetensorsDataTypes as readonly string[]).includes(value);
}

/** Converts any numeric tensor to float32 (integers by value, halves by IEEE 754 decoding). */
export function safetensorToFloat32(tensor: SafetensorsTensor): Float32Array {
  const elementCount = tensor.bytes.length / bytesPerElement[tensor.dataType];
  const view = new DataView(tensor.bytes.buffer, tensor.bytes.byteOffset, tensor.bytes.byteLength);
  const output = new Float32Array(elementCount);
  const size = bytesPerElement[tensor.dataType];
  for (let index = 0; index < elementCount; index += 1) {
    output[index] = readElement(view, index * size, tensor.dataType);
  }
  return output;
}

/** Converts an integer tensor to int32 values (token ids, row indices). */
export function safetensorToInt32(tensor: SafetensorsTensor): Int32Array {
  if (!tensor.dataType.startsWith('I') && tensor.dataType !== 'U8') {
    throw new RangeError(
      `tensor ${tensor.name}: expected an integer dtype, found ${tensor.dataType}`,
    );
  }
  const floats = safetensorToFloat32(tensor);
  return Int32Array.from(floats);
}

const bfloat16Scratch = new DataView(new ArrayBuffer(4));

function readElement(view: DataView, offset: number, dataType: SafetensorsDataType): number {
  switch (dataType) {
    case 'F64':
      return view.getFloat64(offset, true);
    case 'F32':
      return view.getFloat32(offset, true);
    case 'F16':
      return decodeHalfFloat(view.getUint16(offset, true));
    case 'BF16':
      // bfloat16 is the top half of a float32.
      bfloat16Scratch.setUint32(0, view.getUint16(offset, true) << 16, true);
      return bfloat16Scratch.getFloat32(0, true);
    case 'I64':
      return Number(view.getBigInt64(offset, true));
    case 'I32':
      return view.getInt32(offset, true);
    case 'I16':
      return view.getInt16(offset, true);
    case 'I8':
      return view.getInt8(offset);
    case 'U8':
      return view.getUint8(offset);
  }
}

/** IEEE 754 binary16 to number. */
function decodeHalfFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction === 0 ? sign * Infinity : Number.NaN;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}
