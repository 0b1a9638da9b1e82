/**
 * @module A process's resident memory read from outside, through /proc/<pid>/status (VmRSS), with
 * its child processes' (the workers of `quarry serve --workers N`), and a sampler that keeps the
 * peak while a benchmark runs. Linux only; elsewhere the figures are null.
 */
import { readFileSync, readdirSync } from 'node:fs';

function ownResidentSetBytes(processId: number): number | null {
  try {
    const status = readFileSync(`/proc/${processId}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match?.[1] ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The process's direct children, from /proc/<pid>/task/<tid>/children (empty when unreadable). */
function childProcessIds(processId: number): number[] {
  try {
    return readdirSync(`/proc/${processId}/task`).flatMap((thread) =>
      readFileSync(`/proc/${processId}/task/${thread}/children`, 'utf8')
        .split(' ')
        .filter((id) => id.trim() !== '')
        .map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * Resident set size in bytes of the process and its children, or null when the process is gone
 * or /proc is not there.
 */
export function readResidentSetBytes(processId: number): number | null {
  const own = ownResidentSetBytes(processId);
  if (own === null) return null;
  return childProcessIds(processId).reduce(
    (total, child) => total + (ownResidentSetBytes(child) ?? 0),
    own,
  );
}

export interface MemorySampler {
  /** The largest resident size seen so far (bytes), or null when none could be read. */
  peakBytes(): number | null;
  latestBytes(): number | null;
  stop(): void;
}

/** Reads the resident size every `intervalMs` (default 200 ms) until stopped. */
export function startMemorySampler(options: {
  processId: number;
  intervalMs?: number;
}): MemorySampler {
  let peak: number | null = null;
  let latest: number | null = null;
  const sample = () => {
    latest = readResidentSetBytes(options.processId);
    if (latest !== null && (peak === null || latest > peak)) peak = latest;
  };
  sample();
  const timer = setInterval(sample, options.intervalMs ?? 200);
  timer.unref();
  return {
    peakBytes: () => peak,
    latestBytes: () => latest,
    stop: () => {
      sample();
      clearInterval(timer);
    },
  };
}

export function bytesToMegabytes(bytes: number | null): number | null {
  return bytes === null ? null : Math.round((bytes / (1024 * 1024)) * 10) / 10;
}
