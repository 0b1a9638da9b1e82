/**
 * @module Adam (Kingma & Ba 2015, https://arxiv.org/abs/1412.6980) over embedding rows, updating only
 * the rows a batch touched ("lazy" Adam, as TensorFlow's LazyAdam): the cost of a step follows the
 * batch's vocabulary, not the whole table.
 */

export interface SparseAdamOptions {
  rowCount: number;
  dimension: number;
  beta1?: number;
  beta2?: number;
  epsilon?: number;
}

export interface SparseAdamStepOptions {
  parameters: Float32Array;
  /** Dense gradient buffer; the touched rows are read and then zeroed. */
  gradient: Float32Array;
  touchedRows: readonly number[];
  learningRate: number;
}

export class SparseAdam {
  private readonly firstMoment: Float32Array;
  private readonly secondMoment: Float32Array;
  private readonly beta1: number;
  private readonly beta2: number;
  private readonly epsilon: number;
  private stepCount = 0;

  constructor(private readonly options: SparseAdamOptions) {
    this.firstMoment = new Float32Array(options.rowCount * options.dimension);
    this.secondMoment = new Float32Array(options.rowCount * options.dimension);
    this.beta1 = options.beta1 ?? 0.9;
    this.beta2 = options.beta2 ?? 0.999;
    this.epsilon = options.epsilon ?? 1e-8;
  }

  step(step: SparseAdamStepOptions): void {
    this.stepCount += 1;
    const { parameters, gradient, touchedRows, learningRate } = step;
    const { dimension } = this.options;
    const { beta1, beta2, epsilon, firstMoment, secondMoment } = this;
    const correctedRate =
      (learningRate * Math.sqrt(1 - beta2 ** this.stepCount)) / (1 - beta1 ** this.stepCount);
    for (const row of touchedRows) {
      const offset = row * dimension;
      for (let dim = 0; dim < dimension; dim += 1) {
        const at = offset + dim;
        const g = gradient[at]!;
        const m = beta1 * firstMoment[at]! + (1 - beta1) * g;
        const v = beta2 * secondMoment[at]! + (1 - beta2) * g * g;
        firstMoment[at] = m;
        secondMoment[at] = v;
        parameters[at]! -= (correctedRate * m) / (Math.sqrt(v) + epsilon);
        gradient[at] = 0;
      }
    }
  }
}
