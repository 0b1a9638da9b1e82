/**
 * @module Aggregates request outcomes into what a report prints: per class and per route the
 * count, status histogram and latency percentiles, plus the overall status histogram, the 5xx
 * responses (with their x-request-id, to find them in the server log) and requests with no answer.
 */
import { summarizeLatencies } from './latency-summary.js';
import type { LatencySummary } from './latency-summary.js';
import type { RequestOutcome } from './virtual-client.js';

export interface GroupReport {
  count: number;
  statuses: Record<string, number>;
  latencyMs: LatencySummary;
}

export interface OutcomeReport {
  requests: number;
  statuses: Record<string, number>;
  byClass: Record<string, GroupReport>;
  byRoute: Record<string, GroupReport>;
  /** Responses with status >= 500, but for 503s with Retry-After (an overloaded server shedding). */
  serverErrors: number;
  /** 503 responses with Retry-After: requests an overloaded server turned away at once. */
  shed: number;
  /** Requests that got no response at all (status 0). */
  noResponse: number;
  /** 429 responses, and how many of them lacked Retry-After. */
  rateLimited: number;
  rateLimitedWithoutRetryAfter: number;
  /** Responses without an x-request-id header. */
  withoutRequestId: number;
  /** Up to 20 examples of 5xx and no-response outcomes. */
  failureExamples: {
    route: string;
    path: string;
    status: number;
    requestId: string | null;
    errorCode: string | null;
    failure: string | null;
  }[];
}

function statusKey(outcome: RequestOutcome): string {
  return outcome.status === 0 ? 'none' : String(outcome.status);
}

function groupReport(outcomes: readonly RequestOutcome[]): GroupReport {
  const statuses: Record<string, number> = {};
  for (const outcome of outcomes)
    statuses[statusKey(outcome)] = (statuses[statusKey(outcome)] ?? 0) + 1;
  return {
    count: outcomes.length,
    statuses,
    latencyMs: summarizeLatencies(outcomes.map((outcome) => outcome.latencyMs)),
  };
}

function groupBy(
  outcomes: readonly RequestOutcome[],
  key: (outcome: RequestOutcome) => string,
): Record<string, GroupReport> {
  const groups = new Map<string, RequestOutcome[]>();
  for (const outcome of outcomes) {
    const name = key(outcome);
    const group = groups.get(name) ?? [];
    group.push(outcome);
    groups.set(name, group);
  }
  return Object.fromEntries(
    [...groups]
      .sort(([left], [right]) => left.localeCompare(right))
      .map(([name, group]) => [name, groupReport(group)] as const),
  );
}

/** A 503 with Retry-After: the server's admission gate turned the request away. */
function isShed(outcome: RequestOutcome): boolean {
  return outcome.status === 503 && outcome.retryAfter !== null;
}

export function reportOutcomes(outcomes: readonly RequestOutcome[]): OutcomeReport {
  const failures = outcomes.filter((outcome) => outcome.status >= 500 || outcome.status === 0);
  const limited = outcomes.filter((outcome) => outcome.status === 429);
  return {
    requests: outcomes.length,
    statuses: groupReport(outcomes).statuses,
    byClass: groupBy(outcomes, (outcome) => outcome.requestClass),
    byRoute: groupBy(outcomes, (outcome) => outcome.route),
    serverErrors: outcomes.filter((outcome) => outcome.status >= 500 && !isShed(outcome)).length,
    shed: outcomes.filter(isShed).length,
    noResponse: outcomes.filter((outcome) => outcome.status === 0).length,
    rateLimited: limited.length,
    rateLimitedWithoutRetryAfter: limited.filter((outcome) => outcome.retryAfter === null).length,
    withoutRequestId: outcomes.filter(
      (outcome) => outcome.status !== 0 && outcome.requestId === null,
    ).length,
    failureExamples: failures.slice(0, 20).map((outcome) => ({
      route: outcome.route,
      path: outcome.path.slice(0, 200),
      status: outcome.status,
      requestId: outcome.requestId,
      errorCode: outcome.errorCode,
      failure: outcome.failure,
    })),
  };
}
