/**
 * @module Clock and id source, injected so tests and training are deterministic.
 */

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
