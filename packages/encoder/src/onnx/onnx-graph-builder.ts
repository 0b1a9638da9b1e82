/**
 * @module A small imperative builder over encodeOnnxModel: add constants and nodes, get tensor
 * names back, so graph code reads like the forward pass it describes.
 */
import { encodeOnnxModel } from './onnx-model-encoder.js';
import type {
  OnnxAttribute,
  OnnxInitializer,
  OnnxNode,
  OnnxValueInfo,
} from './onnx-model-encoder.js';

export interface AddNodeOptions {
  opType: string;
  inputs: readonly string[];
  attributes?: Readonly<Record<string, OnnxAttribute>>;
  /** Name of the produced tensor; generated from the op type when left out. */
  output?: string;
}

export interface BuildOnnxModelOptions {
  inputs: readonly OnnxValueInfo[];
  outputs: readonly OnnxValueInfo[];
  docString?: string;
  metadata?: Readonly<Record<string, string>>;
  opsetVersion?: number;
}

export class OnnxGraphBuilder {
  private readonly nodes: OnnxNode[] = [];
  private readonly initializers: OnnxInitializer[] = [];
  private readonly usedNames = new Set<string>();

  constructor(private readonly graphName: string) {}

  /** Adds a float32 constant tensor and returns its name. */
  addFloatTensor(name: string, dims: readonly number[], data: Float32Array): string {
    return this.addInitializer({ name: this.reserve(name), elementType: 'float', dims, data });
  }

  /** Adds an int64 constant tensor (shapes, axes, index tables) and returns its name. */
  addInt64Tensor(name: string, dims: readonly number[], values: ArrayLike<number>): string {
    const data = BigInt64Array.from(Array.from(values), (value) => BigInt(value));
    return this.addInitializer({ name: this.reserve(name), elementType: 'int64', dims, data });
  }

  /** Adds a one-element float constant, broadcastable against any tensor. */
  addFloatScalar(name: string, value: number): string {
    return this.addFloatTensor(name, [], Float32Array.of(value));
  }

  /** Adds a single-output node and returns the name of its output. */
  addNode(options: AddNodeOptions): string {
    const output = this.reserve(options.output ?? options.opType.toLowerCase());
    this.nodes.push({
      opType: options.opType,
      inputs: options.inputs,
      outputs: [output],
      ...(options.attributes ? { attributes: options.attributes } : {}),
    });
    return output;
  }

  build(options: BuildOnnxModelOptions): Uint8Array {
    return encodeOnnxModel({
      graphName: this.graphName,
      nodes: this.nodes,
      initializers: this.initializers,
      inputs: options.inputs,
      outputs: options.outputs,
      ...(options.docString ? { docString: options.docString } : {}),
      ...(options.metadata ? { metadata: options.metadata } : {}),
      ...(options.opsetVersion ? { opsetVersion: options.opsetVersion } : {}),
    });
  }

  private addInitializer(initializer: OnnxInitializer): string {
    this.initializers.push(initializer);
    return initializer.name;
  }

  /** Makes a tensor name unique by suffixing a counter, so helpers can be called repeatedly. */
  private reserve(name: string): string {
    let candidate = name;
    for (let counter = 1; this.usedNames.has(candidate); counter += 1) {
      candidate = `${name}_${counter}`;
    }
    this.usedNames.add(candidate);
    return candidate;
  }
}
