/**
 * @module Coordinate ascent over coarse grids of recommender settings: each grid value is tried
 * in turn and kept when it raises the objective by more than `minimumGain`; at most two rounds.
 */
import type { RecommenderSettingsOverrides } from '@quarry/recommender';
import type { TuningMeasure, TuningResult } from './tuning-measure.js';

/** A step must raise MAP + MRR by this much to be taken: smaller gains are noise on ~440 queries. */
export const minimumGain = 0.3;
const maxRounds = 2;

type SettingPath = readonly string[];

/** The grid, in the order it is walked. */
export function tuningGrid(tuneDenseWeight: boolean): [SettingPath, number[]][] {
  return [
    ...(tuneDenseWeight
      ? [[['denseWeight'], [0, 0.2, 0.35, 0.5, 0.65, 0.8, 1]] as [SettingPath, number[]]]
      : []),
    [
      ['termWeighting', 'center'],
      [-2, -1.5, -1, -0.5, 0, 0.5],
    ],
    [
      ['termWeighting', 'slope'],
      [0.75, 1.5, 3],
    ],
    [
      ['termWeighting', 'keyphraseRatioWeight'],
      [0, 0.25, 0.5, 1],
    ],
    [
      ['termWeighting', 'floor'],
      [0, 0.05, 0.15, 0.3],
    ],
    [
      ['termWeighting', 'needWordBoost'],
      [1, 1.5, 2, 3],
    ],
    [['priorWeight'], [0, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 1.6, 2.4]],
    [
      ['prior', 'variants'],
      [0, 0.5, 1, 2],
    ],
    [
      ['prior', 'usage'],
      [0, 0.5, 1, 2],
    ],
    [
      ['prior', 'citances'],
      [0, 0.5, 1, 2],
    ],
    [
      ['fieldWeights', 'usage'],
      [0, 0.25, 0.5, 1],
    ],
    [['bigramWeight'], [0, 0.25, 0.5, 1]],
    [
      ['fieldWeights', 'citances'],
      [0, 0.25, 0.5, 1],
    ],
    [
      ['fieldWeights', 'paperTitle'],
      [0.5, 1, 2],
    ],
    [
      ['fieldWeights', 'name'],
      [0.5, 1, 2],
    ],
    [['k1'], [0.5, 0.8, 1.2, 2]],
    [['b'], [0.4, 0.75, 0.9]],
    [['citancesB'], [0.4, 0.75, 1]],
  ];
}

/** A copy of `base` with the setting at `path` set to `value`. */
export function withSetting(
  base: RecommenderSettingsOverrides,
  path: SettingPath,
  value: number,
): RecommenderSettingsOverrides {
  const copy = structuredClone(base) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Record<string, unknown>;
  }
  target[path.at(-1) ?? ''] = value;
  return copy;
}

export async function tuneByCoordinateAscent(options: {
  start: RecommenderSettingsOverrides;
  startResult: TuningResult;
  measure: TuningMeasure;
  tuneDenseWeight: boolean;
  onImprovement: (path: SettingPath, value: number, result: TuningResult) => void;
}): Promise<RecommenderSettingsOverrides> {
  let best = options.start;
  let bestResult = options.startResult;
  for (let round = 0; round < maxRounds; round++) {
    let improved = false;
    for (const [path, values] of tuningGrid(options.tuneDenseWeight)) {
      for (const value of values) {
        const candidate = withSetting(best, path, value);
        const result = await options.measure(candidate);
        if (result.objective > bestResult.objective + minimumGain) {
          best = candidate;
          bestResult = result;
          improved = true;
          options.onImprovement(path, value, result);
        }
      }
    }
    if (!improved) break;
  }
  return best;
}
