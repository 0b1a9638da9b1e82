/**
 * An ingest killed with SIGKILL half-way can be re-run and ends with exactly what a clean run
 * stores: nothing lost, nothing doubled. Runs the built `quarry` binary in a child process.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, symlink, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './settings.js';
import { sharedDataPath } from './test-support/shared-data.js';

const quarryBinary = resolve(repositoryRoot, 'apps/cli/bin/quarry.js');
const paperCount = 40;

function runQuarry(argv: string[], options: { killWhen?: (stderr: string) => boolean } = {}) {
  return new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolvePromise, reject) => {
    const child = spawn(process.execPath, [quarryBinary, ...argv], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, QUARRY_PROGRESS_INTERVAL_MS: '0' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (options.killWhen?.(stderr)) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolvePromise({ code, signal, stdout, stderr }));
  });
}

function lastJson(stdout: string): Record<string, unknown> {
  const lines = stdout.trimEnd().split('\n');
  return JSON.parse(lines[lines.length - 1] ?? 'null') as Record<string, unknown>;
}

describe('interrupted ingest', () => {
  it('re-runs after kill -9 to the same result as a clean run', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'quarry-kill-'));
    const papers = join(scratch, 'papers');
    await mkdir(papers);
    const source = sharedDataPath('scirex/papers');
    for (const file of (await readdir(source)).sort().slice(0, paperCount)) {
      await symlink(join(source, file), join(papers, file));
    }
    const clean = join(scratch, 'clean-db');
    const cleanRun = await runQuarry(['ingest', 'papers', papers, '--db', clean, '--json']);
    expect(cleanRun.code).toBe(0);
    const cleanSummary = lastJson(cleanRun.stdout);
    expect(cleanSummary).toMatchObject({ papers: paperCount, errors: 0 });

    const interrupted = join(scratch, 'interrupted-db');
    // Progress lines look like "ingest papers [###...] 12/40 30% ..."; kill once a few papers are in.
    const killed = await runQuarry(['ingest', 'papers', papers, '--db', interrupted, '--json'], {
      killWhen: (stderr) => /\b8\/40\b/.test(stderr),
    });
    expect(killed.signal).toBe('SIGKILL');

    const rerun = await runQuarry(['ingest', 'papers', papers, '--db', interrupted, '--json']);
    expect(rerun.code).toBe(0);
    const rerunSummary = lastJson(rerun.stdout);
    expect(rerunSummary.inserted).toBeGreaterThan(0);
    expect(rerunSummary.inserted).toBeLessThan(paperCount);
    expect(rerunSummary).toMatchObject({ papers: paperCount, errors: 0 });

    const cleanStats = lastJson((await runQuarry(['stats', '--db', clean, '--json'])).stdout);
    const interruptedStats = lastJson(
      (await runQuarry(['stats', '--db', interrupted, '--json'])).stdout,
    );
    expect(interruptedStats).toEqual(cleanStats);
    expect(cleanStats).toMatchObject({ papers: paperCount, frames: cleanSummary.frames });
  });
});
