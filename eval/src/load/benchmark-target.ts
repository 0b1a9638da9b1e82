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
  /**
   * A speed target (a latency or delay): measured by the full benchmark on a quiet machine and
   * recorded in docs/benchmarks.md, not asserted by the CI-scale tests, whose machine runs other
   * tests beside them.
   */
  speed?: boolean;
}

/** The targets a CI-scale test asserts: correctness, not speed. */
export function correctnessTargets(targets: readonly TargetCheck[]): TargetCheck[] {
  return targets.filter((target) => target.speed !== true);
}

export function atMost(options: {
  name: string;
  measured: number | null;
  limit: number;
  unit?: string;
  speed?: boolean;
}): TargetCheck {
  return {
    ...(options.speed ? { speed: true } : {}),
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
