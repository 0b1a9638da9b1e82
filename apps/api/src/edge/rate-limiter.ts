/**
 * @module A token-bucket rate limiter per client key: each client may burst up to `perMinute`
 * requests, refilled continuously at `perMinute` a minute. It remembers at most `maxClients`
 * buckets (the least recently used is forgotten first), so a flood of new keys cannot grow memory.
 */

export interface RateDecision {
  allowed: boolean;
  /** When refused: seconds until one request is allowed again. */
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class RateLimiter {
  readonly #perMinute: number;
  readonly #maxClients: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, Bucket>();

  constructor(options: { perMinute: number; maxClients: number; now?: () => number }) {
    this.#perMinute = options.perMinute;
    this.#maxClients = Math.max(1, options.maxClients);
    this.#now = options.now ?? (() => Date.now());
  }

  /** Takes one request from `key`'s bucket, when there is one. */
  take(key: string): RateDecision {
    if (this.#perMinute <= 0) return { allowed: true, retryAfterSeconds: 0 };
    const now = this.#now();
    const perMillisecond = this.#perMinute / 60_000;
    const previous = this.#buckets.get(key);
    const bucket: Bucket = previous
      ? {
          tokens: Math.min(
            this.#perMinute,
            previous.tokens + (now - previous.updatedAt) * perMillisecond,
          ),
          updatedAt: now,
        }
      : { tokens: this.#perMinute, updatedAt: now };
    // Re-inserting keeps the Map in least-recently-used order.
    this.#buckets.delete(key);
    if (this.#buckets.size >= this.#maxClients) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest !== undefined) this.#buckets.delete(oldest);
    }
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.#buckets.set(key, bucket);
    return {
      allowed,
      retryAfterSeconds: allowed
        ? 0
        : Math.max(1, Math.ceil((1 - bucket.tokens) / perMillisecond / 1000)),
    };
  }

  get clients(): number {
    return this.#buckets.size;
  }
}
