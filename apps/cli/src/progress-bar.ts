/**
 * @module Progress of a long job: a one-line bar on an interactive terminal (redrawn at most every
 * 100 ms), or a plain line every few seconds when stderr is a log file.
 */
import type { IngestProgress } from '@quarry/ingest';
import type { CliIo } from './cli-io.js';

const redrawIntervalMs = 100;
const barWidth = 28;

export interface ProgressBar {
  update: (progress: IngestProgress) => void;
  finish: () => void;
}

export function createProgressBar(options: {
  io: CliIo;
  label: string;
  /** How often a plain progress line is written when stderr is not a terminal. */
  logLineIntervalMs: number;
  now?: () => number;
}): ProgressBar {
  const { io, label, logLineIntervalMs } = options;
  const now = options.now ?? Date.now;
  const startedAt = now();
  let lastDrawAt = io.interactive ? 0 : startedAt;
  let drawn = false;
  let latest: IngestProgress | null = null;

  const draw = (progress: IngestProgress) => {
    const seconds = Math.max((now() - startedAt) / 1000, 0.001);
    const rate = Math.round(progress.done / seconds);
    const errors = progress.errors > 0 ? ` ${progress.errors} errors` : '';
    let bar: string;
    if (progress.total) {
      const filled = Math.round((progress.done / progress.total) * barWidth);
      const percent = Math.floor((progress.done / progress.total) * 100);
      bar = `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}] ${progress.done}/${progress.total} ${percent}%`;
    } else {
      bar = `${progress.done}`;
    }
    const line = `${label} ${bar} ${rate}/s${errors}`;
    if (io.interactive) {
      io.stderr(`\r\x1b[2K${line}`);
      drawn = true;
    } else {
      io.stderr(`${line}\n`);
    }
  };

  return {
    update: (progress) => {
      latest = progress;
      const time = now();
      if (!io.interactive) {
        if (time - lastDrawAt < logLineIntervalMs) return;
      } else if (time - lastDrawAt < redrawIntervalMs && progress.done !== progress.total) return;
      lastDrawAt = time;
      draw(progress);
    },
    finish: () => {
      if (!io.interactive) return;
      if (latest) draw(latest);
      if (drawn) io.stderr('\n');
    },
  };
}
