/**
 * @module The HTTP client of one pull source: at most one request per `minIntervalMs` (each source
 * has its own, e.g. arXiv asks for one every 3 s), a 429 or 503 waited out as its Retry-After says
 * (seconds or an HTTP date, RFC 9110 §10.2.3; without one, an exponential back-off), network
 * failures and other 5xx retried with back-off, all within `maxRetries`; a Retry-After longer
 * than `maxRetryWaitMs` is not waited out but reported.
 */
import { setTimeout as sleepFor } from 'node:timers/promises';
import { AppError } from '@quarry/core';

export interface PullHttpSettings {
  /** Shortest time between the starts of two requests to this source, in ms. */
  minIntervalMs: number;
  /** Retries of one request after a 429, a 5xx or a network failure. */
  maxRetries: number;
  /** Longest single wait (Retry-After or back-off) this client accepts, in ms. */
  maxRetryWaitMs: number;
  /** Longest time one request (until its headers) may take, in ms. */
  requestTimeoutMs: number;
}

/** Why the client is waiting, for the progress output. */
export interface PullWait {
  source: string;
  url: string;
  status: number | null;
  waitMs: number;
  attempt: number;
}

export interface PullHttpClient {
  /** A successful (2xx) response; other statuses, after the retries, are AppErrors. */
  get(url: string, options?: { accept?: string }): Promise<Response>;
}

export interface CreatePullHttpClientOptions {
  /** The source's name, used in messages (`arxiv`, `hub`, `pwc-archive`). */
  source: string;
  settings: PullHttpSettings;
  /** Sent as User-Agent (arXiv asks clients to identify themselves). */
  userAgent: string;
  onWait?: (wait: PullWait) => void;
  /** Stops waiting and aborts the request in flight. */
  signal?: AbortSignal;
  /** Injected for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

const retriedStatuses = new Set([429, 500, 502, 503, 504]);
const firstBackoffMs = 1000;

/** Milliseconds a Retry-After value asks for, or null when there is none or it cannot be read. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return sleepFor(ms, undefined, signal ? { signal } : {});
}

function statusError(source: string, url: string, status: number): AppError {
  if (status === 404) {
    return new AppError({
      code: 'not_found',
      message: `${source} has no ${url} (HTTP 404)`,
      fix: 'check the id, repository or file name',
    });
  }
  if (status === 401 || status === 403) {
    return new AppError({
      code: 'forbidden',
      message: `${source} refused ${url} (HTTP ${status})`,
      fix: 'the resource may be gated or private; open it in a browser to check',
    });
  }
  return new AppError({
    code: status === 429 ? 'rate_limited' : 'unsupported',
    message: `${source} answered ${url} with HTTP ${status}`,
    fix: 'try again later; the pull resumes where it stopped',
  });
}

export function createPullHttpClient(options: CreatePullHttpClientOptions): PullHttpClient {
  const { source, settings, signal } = options;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  let nextStartAt = 0;

  const waitForTurn = async () => {
    const wait = nextStartAt - now();
    if (wait > 0) await sleep(wait, signal);
    nextStartAt = now() + settings.minIntervalMs;
  };

  const fetchOnce = async (url: string, accept: string | undefined): Promise<Response> => {
    const timeout = AbortSignal.timeout(settings.requestTimeoutMs);
    return fetch(url, {
      headers: { 'user-agent': options.userAgent, ...(accept ? { accept } : {}) },
      redirect: 'follow',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  };

  return {
    async get(url, requestOptions = {}) {
      for (let attempt = 0; ; attempt += 1) {
        await waitForTurn();
        let response: Response | null = null;
        let failure: unknown = null;
        try {
          response = await fetchOnce(url, requestOptions.accept);
        } catch (error) {
          if (signal?.aborted) throw error;
          failure = error;
        }
        if (response?.ok) return response;
        const status = response?.status ?? null;
        if (status !== null && !retriedStatuses.has(status)) {
          await response?.body?.cancel();
          throw statusError(source, url, status);
        }
        const asked = retryAfterMs(response?.headers.get('retry-after') ?? null, now());
        await response?.body?.cancel();
        const waitMs = asked ?? firstBackoffMs * 2 ** attempt;
        if (attempt >= settings.maxRetries || waitMs > settings.maxRetryWaitMs) {
          if (status !== null) {
            throw new AppError({
              code: status === 429 ? 'rate_limited' : 'unsupported',
              message: `${source} answered ${url} with HTTP ${status}${attempt >= settings.maxRetries ? ` after ${attempt + 1} tries` : `, asking to wait ${Math.ceil(waitMs / 1000)} s (more than the ${Math.ceil(settings.maxRetryWaitMs / 1000)} s allowed)`}`,
              fix: 'try again later (the pull resumes where it stopped), or raise QUARRY_PULL_RETRIES / QUARRY_PULL_MAX_RETRY_WAIT_MS',
            });
          }
          const detail = failure instanceof Error ? failure.message : String(failure);
          throw new AppError({
            code: 'unsupported',
            message: `${source}: could not reach ${url} after ${attempt + 1} tries (${detail})`,
            fix: 'check the internet connection and the source URL setting; the pull resumes where it stopped',
            cause: failure,
          });
        }
        options.onWait?.({ source, url, status, waitMs, attempt: attempt + 1 });
        await sleep(waitMs, signal);
        // The wait counts as the interval: the retry may start at once.
        nextStartAt = now();
      }
    },
  };
}

/** Reads a response body into memory, refusing more than `maxBytes`. */
export async function readLimitedBytes(options: {
  response: Response;
  maxBytes: number;
  what: string;
}): Promise<Uint8Array> {
  const { response, maxBytes, what } = options;
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = (size: number) =>
    new AppError({
      code: 'too_large',
      message: `${what} is ${size} bytes or more; the limit is ${maxBytes}`,
      fix: 'raise QUARRY_PULL_MAX_FILE_BYTES if it is expected',
    });
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(declared);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (chunk === undefined || chunk.done) break;
    const bytes: unknown = chunk.value;
    if (!(bytes instanceof Uint8Array)) continue;
    size += bytes.byteLength;
    if (size > maxBytes) {
      await reader?.cancel();
      throw tooLarge(size);
    }
    chunks.push(bytes);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
