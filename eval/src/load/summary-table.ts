/**
 * @module The human tables the load, hostile and fault benchmarks print: latency per class, the
 * status histogram, and the targets with what was measured (a missed target is marked MISSED).
 */
import type { TargetCheck } from './benchmark-target.js';
import type { OutcomeReport } from './outcome-report.js';

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

function statuses(histogram: Record<string, number>): string {
  return Object.entries(histogram)
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([status, count]) => `${status}:${count}`)
    .join(' ');
}

export function formatOutcomeTable(report: OutcomeReport, groupBy: 'byClass' | 'byRoute'): string {
  const rows = Object.entries(report[groupBy]).map(([name, group]) => [
    name,
    String(group.count),
    String(group.latencyMs.p50),
    String(group.latencyMs.p95),
    String(group.latencyMs.p99),
    String(group.latencyMs.max),
    statuses(group.statuses),
  ]);
  return table(
    [
      groupBy === 'byClass' ? 'class' : 'route',
      'requests',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'statuses',
    ],
    rows,
  );
}

export function formatTargetTable(targets: readonly TargetCheck[]): string {
  return table(
    ['target', 'wanted', 'measured', ''],
    targets.map((target) => [
      target.name,
      target.target,
      target.measured === null ? 'n/a' : String(target.measured),
      target.met ? 'met' : 'MISSED',
    ]),
  );
}

export function formatStatusLine(report: OutcomeReport): string {
  return `statuses ${statuses(report.statuses)}; 5xx ${report.serverErrors} (and ${report.shed} × 503 overloaded with Retry-After); no response ${report.noResponse}; 429 ${report.rateLimited} (${report.rateLimitedWithoutRetryAfter} without Retry-After); without x-request-id ${report.withoutRequestId}`;
}
