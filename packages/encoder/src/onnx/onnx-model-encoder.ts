/**
 * @module ONNX ModelProto serialisation: typed graph descriptions in, `model.onnx` bytes out.
 * Field numbers follow onnx/onnx.proto3 (https://github.com/onnx/onnx/blob/main/onnx/onnx.proto3).
 */
import { ProtobufWriter } from './protobuf-writer.js';

/** TensorProto.DataType values for the element types Quarry writes. */
export const onnxElementTypeCodes = {
  float: 1,
  int32: 6,
  int64: 7,
} as const;

export type OnnxElementType = keyof typeof onnxElementTypeCodes;

/** A constant tensor stored in the graph (weights, shapes, axes). */
export type OnnxInitializer =
  | { name: string; elementType: 'float'; dims: readonly number[]; data: Float32Array }
  | { name: string; elementType: 'int32'; dims: readonly number[]; data: Int32Array }
  | { name: string; elementType: 'int64'; dims: readonly number[]; data: BigInt64Array };

/** A graph input or output; a string dimension is symbolic (e.g. `batch`). */
export interface OnnxValueInfo {
  name: string;
  elementType: OnnxElementType;
  shape: readonly (number | string)[];
}

export type OnnxAttribute =
  | { type: 'float'; value: number }
  | { type: 'int'; value: number }
  | { type: 'string'; value: string }
  | { type: 'floats'; value: readonly number[] }
  | { type: 'ints'; value: readonly number[] };

export interface OnnxNode {
  opType: string;
  inputs: readonly string[];
  outputs: readonly string[];
  name?: string;
  attributes?: Readonly<Record<string, OnnxAttribute>>;
}

export interface OnnxModelDescription {
  graphName: string;
  nodes: readonly OnnxNode[];
  initializers: readonly OnnxInitializer[];
  inputs: readonly OnnxValueInfo[];
  outputs: readonly OnnxValueInfo[];
  /** Default opset 17 (LayerNormalization is available from 17). */
  opsetVersion?: number;
  /** Default 8, the IR version that goes with opset 17. */
  irVersion?: number;
  producerName?: string;
  docString?: string;
  /** Free-form key/value pairs stored in ModelProto.metadata_props. */
  metadata?: Readonly<Record<string, string>>;
}

/** AttributeProto.AttributeType values. */
const attributeTypeCodes = { float: 1, int: 2, string: 3, floats: 6, ints: 7 } as const;

/** Serialises a model description to ONNX protobuf bytes. */
export function encodeOnnxModel(description: OnnxModelDescription): Uint8Array {
  const model = new ProtobufWriter();
  model.writeVarintField(1, description.irVersion ?? 8);
  model.writeStringField(2, description.producerName ?? 'quarry');
  if (description.docString) model.writeStringField(6, description.docString);
  model.writeMessageField(7, encodeGraph(description));
  const opset = new ProtobufWriter();
  opset.writeStringField(1, '');
  opset.writeVarintField(2, description.opsetVersion ?? 17);
  model.writeMessageField(8, opset);
  for (const [key, value] of Object.entries(description.metadata ?? {})) {
    const entry = new ProtobufWriter();
    entry.writeStringField(1, key);
    entry.writeStringField(2, value);
    model.writeMessageField(14, entry);
  }
  return model.finish();
}

function encodeGraph(description: OnnxModelDescription): ProtobufWriter {
  const graph = new ProtobufWriter();
  description.nodes.forEach((node, index) => graph.writeMessageField(1, encodeNode(node, index)));
  graph.writeStringField(2, description.graphName);
  for (const initializer of description.initializers) {
    graph.writeMessageField(5, encodeInitializer(initializer));
  }
  for (const input of description.inputs) graph.writeMessageField(11, encodeValueInfo(input));
  for (const output of description.outputs) graph.writeMessageField(12, encodeValueInfo(output));
  return graph;
}

function encodeNode(node: OnnxNode, index: number): ProtobufWriter {
  const writer = new ProtobufWriter();
  for (const input of node.inputs) writer.writeStringField(1, input);
  for (const output of node.outputs) writer.writeStringField(2, output);
  writer.writeStringField(3, node.name ?? `${node.opType}_${index}`);
  writer.writeStringField(4, node.opType);
  for (const [name, attribute] of Object.entries(node.attributes ?? {})) {
    writer.writeMessageField(5, encodeAttribute(name, attribute));
  }
  return writer;
}

function encodeAttribute(name: string, attribute: OnnxAttribute): ProtobufWriter {
  const writer = new ProtobufWriter();
  writer.writeStringField(1, name);
  writer.writeVarintField(20, attributeTypeCodes[attribute.type]);
  switch (attribute.type) {
    case 'float':
      writer.writeFloatField(2, attribute.value);
      break;
    case 'int':
      writer.writeVarintField(3, attribute.value);
      break;
    case 'string':
      writer.writeStringField(4, attribute.value);
      break;
    case 'floats':
      writer.writePackedFloatField(7, attribute.value);
      break;
    case 'ints':
      writer.writePackedVarintField(8, attribute.value);
      break;
  }
  return writer;
}

function encodeInitializer(initializer: OnnxInitializer): ProtobufWriter {
  const expectedLength = initializer.dims.reduce((product, dim) => product * dim, 1);
  if (initializer.data.length !== expectedLength) {
    throw new RangeError(
      `initializer ${initializer.name}: ${initializer.data.length} values for dims [${initializer.dims.join(', ')}]`,
    );
  }
  const writer = new ProtobufWriter();
  writer.writePackedVarintField(1, initializer.dims);
  writer.writeVarintField(2, onnxElementTypeCodes[initializer.elementType]);
  writer.writeStringField(8, initializer.name);
  // raw_data is little-endian by spec; typed arrays are little-endian on every platform Node runs on.
  const data = initializer.data;
  writer.writeBytesField(9, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  return writer;
}

function encodeValueInfo(valueInfo: OnnxValueInfo): ProtobufWriter {
  const shape = new ProtobufWriter();
  for (const dimension of valueInfo.shape) {
    const dim = new ProtobufWriter();
    if (typeof dimension === 'number') dim.writeVarintField(1, dimension);
    else dim.writeStringField(2, dimension);
    shape.writeMessageField(1, dim);
  }
  const tensorType = new ProtobufWriter();
  tensorType.writeVarintField(1, onnxElementTypeCodes[valueInfo.elementType]);
  tensorType.writeMessageField(2, shape);
  const type = new ProtobufWriter();
  type.writeMessageField(1, tensorType);
  const writer = new ProtobufWriter();
  writer.writeStringField(1, valueInfo.name);
  writer.writeMessageField(2, type);
  return writer;
}
