/**
 * @module Exactly one reply per Slack delivery: Slack retries an event it thinks was not received
 * (`X-Slack-Retry-Num`) and may deliver one twice, so each event id (or interaction trigger) is
 * remembered for a while and a repeat is acknowledged without being handled again. The server
 * keeps that record in its database (one for every process on it: `quarry serve --workers N`);
 * `DeliveryDeduplicator` keeps it in this process, the default.
 */

/** Where handled deliveries are remembered. */
export interface DeliveryLog {
  /** True the first time `key` is seen (within the time to live), false for a repeat. */
  firstTime(key: string): Promise<boolean> | boolean;
}

/** How long a delivery is remembered (Slack retries within minutes). */
export const deliveryMemoryMs = 60 * 60 * 1000;

export class DeliveryDeduplicator implements DeliveryLog {
  readonly #seen = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? deliveryMemoryMs;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? (() => Date.now());
  }

  /** True the first time `key` is seen (within the time to live), false for a repeat. */
  firstTime(key: string): boolean {
    const now = this.#now();
    for (const [seenKey, at] of this.#seen) {
      if (now - at <= this.#ttlMs && this.#seen.size < this.#maxEntries) break;
      this.#seen.delete(seenKey);
    }
    if (this.#seen.has(key)) return false;
    this.#seen.set(key, now);
    return true;
  }
}
