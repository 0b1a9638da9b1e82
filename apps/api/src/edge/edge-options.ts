/**
 * @module What the HTTP edge enforces: who may call which route, which hosts and origins are this
 * server, and every request limit, each with a named default. `quarry serve` fills it from the
 * settings; tests pass what they exercise.
 */

/** `writes`: reading is open, writes need the token (loopback); `all`: every API route needs it. */
export type TokenRequirement = 'writes' | 'all';

export interface AccessOptions {
  /** The shared secret clients send as `Authorization: Bearer …` (or sign in with once). */
  apiToken: string;
  tokenRequiredFor: TokenRequirement;
  /**
   * Host names (without port) this server answers to, against DNS rebinding; `any` turns the
   * check off (a trusted network behind a proxy that checks it).
   */
  allowedHosts: readonly string[] | 'any';
}

export interface EdgeLimits {
  /** Largest JSON body of any route but chat and upload, in bytes. */
  maxJsonBodyBytes: number;
  /** Largest POST /api/chat body, in bytes. */
  maxChatBodyBytes: number;
  /** Largest paper upload, in bytes (the multipart body may be a little larger). */
  maxUploadBytes: number;
  /** Most messages one chat request may carry. */
  maxChatMessages: number;
  /** Longest chat message, in characters. */
  maxMessageCharacters: number;
  /** Most messages stored in one conversation; past it the client starts a new one. */
  maxConversationMessages: number;
  /** Longest title a conversation may be renamed to, in characters. */
  maxConversationTitleCharacters: number;
  /** Uploads being ingested at once; more get 429 with Retry-After. */
  maxConcurrentUploads: number;
  /** Chat turns, conversation renames and deletions per client per minute (0: no limit). */
  chatRequestsPerMinute: number;
  /** Search, answer, find and suggest requests per client per minute (0: no limit). */
  searchRequestsPerMinute: number;
  /** Paper deletions per client per minute (0: no limit). */
  paperDeletesPerMinute: number;
  /** Most papers one page of GET /api/papers may list. */
  maxPapersPerPage: number;
  /** Sign-in attempts per client per minute. */
  signInAttemptsPerMinute: number;
  /** Clients the rate limiter remembers at once (the oldest is forgotten first). */
  rateLimitClients: number;
  /** Seconds a client is told to wait after a 503 from the database. */
  storageRetryAfterSeconds: number;
  /** Chat turns, searches, suggestions and MCP calls running at once (admission-gate.ts). */
  maxActiveRequests: number;
  /** Of those, how many may wait for a turn; past it, 503 with Retry-After. */
  maxQueuedRequests: number;
  /** Longest such a request waits for a turn before a 503, in ms. */
  maxQueueWaitMs: number;
  /** Retry-After of an overloaded 503, in seconds. */
  overloadRetryAfterSeconds: number;
}

export const defaultEdgeLimits: EdgeLimits = {
  maxJsonBodyBytes: 64 * 1024,
  maxChatBodyBytes: 1024 * 1024,
  maxUploadBytes: 50 * 1024 * 1024,
  maxChatMessages: 400,
  maxMessageCharacters: 8_000,
  maxConversationMessages: 2_000,
  maxConversationTitleCharacters: 200,
  maxConcurrentUploads: 2,
  chatRequestsPerMinute: 60,
  searchRequestsPerMinute: 600,
  paperDeletesPerMinute: 30,
  maxPapersPerPage: 200,
  signInAttemptsPerMinute: 10,
  rateLimitClients: 10_000,
  storageRetryAfterSeconds: 5,
  maxActiveRequests: 4,
  maxQueuedRequests: 64,
  maxQueueWaitMs: 5_000,
  overloadRetryAfterSeconds: 2,
};

/** Multipart framing around an uploaded file: boundaries, headers, the file name. */
export const multipartOverheadBytes = 64 * 1024;
