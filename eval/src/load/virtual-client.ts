/**
 * @module One virtual client of a Quarry server, over real HTTP (Node's fetch): it keeps its own
 * cookie jar like a browser, sends the server's own Origin and the bearer token on state-changing
 * requests, reads every response to its end and records status, latency, x-request-id and
 * Retry-After. A failure to get any response is recorded as status 0 with the reason, never thrown.
 */
import { createCookieJar } from './cookie-jar.js';
import type { CookieJar } from './cookie-jar.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export interface ClientRequest {
  /** The route label a report groups by, e.g. `GET /api/answers/search`. */
  route: string;
  /** The class a report groups by, e.g. `search`, `chat`, `upload`. */
  requestClass: string;
  method: HttpMethod;
  /** Path and query, e.g. `/api/suggest?q=dat`. */
  path: string;
  /** A JSON body (sent with `Content-Type: application/json`). */
  json?: unknown;
  /** Any other body: a string, bytes or multipart form data. */
  body?: string | Uint8Array | FormData;
  /** Extra or overriding headers (a value of null removes the header). */
  headers?: Record<string, string | null>;
  /**
   * The Origin of a state-changing request: `own` (the default, the server's own origin), `none`
   * (no Origin header), or any other value sent as it is.
   */
  origin?: string;
  /** Whether to send the bearer token (default: whenever the client has one). */
  sendToken?: boolean;
  timeoutMs?: number;
}

export interface RequestOutcome {
  route: string;
  requestClass: string;
  method: HttpMethod;
  path: string;
  /** The HTTP status, or 0 when no response came (see `failure`). */
  status: number;
  /** From sending until the whole body was read. */
  latencyMs: number;
  /** From sending until the response headers. */
  headersMs: number;
  /** Milliseconds since the benchmark's start when the request was sent. */
  startedAtMs: number;
  responseBytes: number;
  requestId: string | null;
  retryAfter: string | null;
  /** `error.code` of a JSON error body. */
  errorCode: string | null;
  /** Why no response came: `timeout` or the network error's message. */
  failure: string | null;
  /** The parsed JSON body when `keepJson` was asked for and it parsed. */
  json?: unknown;
}

export interface VirtualClient {
  readonly cookies: CookieJar;
  send(request: ClientRequest, options?: { keepJson?: boolean }): Promise<RequestOutcome>;
}

const stateChangingMethods = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

export function createVirtualClient(options: {
  baseUrl: string;
  token: string | null;
  /** The clock every `startedAtMs` is measured from (performance.now() at the benchmark's start). */
  startedAt: number;
  defaultTimeoutMs?: number;
}): VirtualClient {
  const cookies = createCookieJar();
  const origin = new URL(options.baseUrl).origin;

  function headersFor(request: ClientRequest): Headers {
    const headers = new Headers();
    const cookie = cookies.header();
    if (cookie) headers.set('cookie', cookie);
    if (request.json !== undefined) headers.set('content-type', 'application/json');
    const wantedOrigin = request.origin ?? 'own';
    if (stateChangingMethods.has(request.method) && wantedOrigin !== 'none')
      headers.set('origin', wantedOrigin === 'own' ? origin : wantedOrigin);
    if (options.token !== null && request.sendToken !== false)
      headers.set('authorization', `Bearer ${options.token}`);
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (value === null) headers.delete(name);
      else headers.set(name, value);
    }
    return headers;
  }

  return {
    cookies,
    async send(request, sendOptions = {}) {
      const started = performance.now();
      const outcome: RequestOutcome = {
        route: request.route,
        requestClass: request.requestClass,
        method: request.method,
        path: request.path,
        status: 0,
        latencyMs: 0,
        headersMs: 0,
        startedAtMs: started - options.startedAt,
        responseBytes: 0,
        requestId: null,
        retryAfter: null,
        errorCode: null,
        failure: null,
      };
      try {
        const body = request.json !== undefined ? JSON.stringify(request.json) : request.body;
        const response = await fetch(`${options.baseUrl}${request.path}`, {
          method: request.method,
          headers: headersFor(request),
          ...(body === undefined ? {} : { body }),
          redirect: 'manual',
          signal: AbortSignal.timeout(request.timeoutMs ?? options.defaultTimeoutMs ?? 30_000),
        });
        outcome.headersMs = performance.now() - started;
        outcome.status = response.status;
        outcome.requestId = response.headers.get('x-request-id');
        outcome.retryAfter = response.headers.get('retry-after');
        cookies.remember(response.headers.getSetCookie());
        const bytes = new Uint8Array(await response.arrayBuffer());
        outcome.responseBytes = bytes.byteLength;
        const isJson = (response.headers.get('content-type') ?? '').includes('json');
        if (isJson && (response.status >= 400 || sendOptions.keepJson)) {
          try {
            const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
            if (sendOptions.keepJson) outcome.json = parsed;
            outcome.errorCode = errorCodeOf(parsed);
          } catch {
            // A JSON content type with a body that is not JSON: the report shows the status only.
          }
        }
      } catch (error) {
        outcome.failure = describeFailure(error);
      }
      outcome.latencyMs = performance.now() - started;
      return outcome;
    },
  };
}

function errorCodeOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = body.error;
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

export function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
