/**
 * @module The BM25 index's options, checked (k1, b, field weights) and resolved into per-field
 * arrays the scorer reads; a bad option is an invalid_input error that says which.
 */
import { AppError } from '@quarry/core';
import { analyze } from './analyze.js';
import type { Analyzer } from './analyze.js';
import type { Bm25IndexOptions } from './bm25.js';

/** The options resolved, checked and laid out per field number. */
export interface Settings {
  fieldNames: readonly string[];
  fieldNumbers: ReadonlyMap<string, number>;
  weights: Float64Array;
  lengthNormalisations: Float64Array;
  k1: number;
  analyzer: Analyzer;
}

export function resolveSettings(options: Bm25IndexOptions): Settings {
  const k1 = options.k1 ?? 0.9;
  const b = options.b ?? 0.4;
  requireSetting(Number.isFinite(k1) && k1 >= 0, `k1 must be a finite number >= 0, got ${k1}`);
  requireSetting(b >= 0 && b <= 1, `b must be between 0 and 1, got ${b}`);
  requireSetting(options.fields.length > 0, 'a BM25 index needs at least one field');
  const fieldNumbers = new Map<string, number>();
  for (const [number, field] of options.fields.entries()) {
    requireSetting(!fieldNumbers.has(field.name), `field "${field.name}" is defined twice`);
    const weight = field.weight ?? 1;
    const fieldB = field.b ?? b;
    requireSetting(
      Number.isFinite(weight) && weight >= 0,
      `field "${field.name}" weight must be >= 0`,
    );
    requireSetting(fieldB >= 0 && fieldB <= 1, `field "${field.name}" b must be between 0 and 1`);
    fieldNumbers.set(field.name, number);
  }
  return {
    fieldNames: options.fields.map((field) => field.name),
    fieldNumbers,
    weights: Float64Array.from(options.fields, (field) => field.weight ?? 1),
    lengthNormalisations: Float64Array.from(options.fields, (field) => field.b ?? b),
    k1,
    analyzer: options.analyzer ?? analyze,
  };
}

function requireSetting(condition: boolean, message: string): void {
  if (!condition) {
    throw new AppError({ code: 'invalid_input', message, fix: 'check the BM25 index options' });
  }
}
