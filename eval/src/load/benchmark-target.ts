/**
 * @module A benchmark target ("search p95 <= 300 ms") and whether a run met it; reports list them
 * so a missed target is printed with its number, never hidden.
 */

export interface TargetCheck {
  name: string;
  /** The target as text, e.g. "<= 300 ms". */
  target: string;
  /** What was measured (null when it could not be measured). */
  measured: number | string | boolean | null;
  met: boolean;
}

export function atMost(options: {
  name: string;
  measured: number | null;
  limit: number;
  unit?: string;
}): TargetCheck {
  return {
    name: options.name,
    target: `<= ${options.limit}${options.unit ? ` ${options.unit}` : ''}`,
    measured: options.measured,
    met: options.measured !== null && options.measured <= options.limit,
  };
}

export function isTrue(options: { name: string; measured: boolean; target?: string }): TargetCheck {
  return {
    name: options.name,
    target: options.target ?? 'yes',
    measured: options.measured,
    met: options.measured,
  };
}

export function missedTargets(checks: readonly TargetCheck[]): TargetCheck[] {
  return checks.filter((check) => !check.met);
}
