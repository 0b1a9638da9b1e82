import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readResidentSetBytes } from './process-memory.js';

describe('readResidentSetBytes', () => {
  it.skipIf(process.platform !== 'linux')(
    "adds the resident memory of the process's children (a server's workers)",
    async () => {
      const withoutChild = readResidentSetBytes(process.pid);
      // A child that holds 64 MB resident until it is killed.
      const child = spawn(
        process.execPath,
        [
          '-e',
          'const b = Buffer.alloc(64 * 1024 * 1024, 1); console.log("ready"); setInterval(() => b[0]++, 1000);',
        ],
        { stdio: ['ignore', 'pipe', 'ignore'] },
      );
      try {
        await new Promise((resolve) => child.stdout.once('data', resolve));
        const withChild = readResidentSetBytes(process.pid);
        expect(withoutChild).not.toBeNull();
        expect(withChild! - withoutChild!).toBeGreaterThan(60 * 1024 * 1024);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );

  it('is null for a process that does not exist', () => {
    expect(readResidentSetBytes(2 ** 22 + 7)).toBeNull();
  });
});
