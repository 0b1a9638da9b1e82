import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shutDown } from './graceful-shutdown.js';
import { readOrCreateTokenFile, resolveServerAccess } from './server-access.js';

describe('server access', () => {
  it('keeps a generated token in a private file and reads the same one back', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quarry-token-'));
    try {
      const path = join(folder, 'nested', 'api-token');
      const first = await readOrCreateTokenFile(path);
      expect(first.created).toBe(true);
      expect(first.token.length).toBeGreaterThanOrEqual(16);
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      expect((await readFile(path, 'utf8')).trim()).toBe(first.token);
      expect(await readOrCreateTokenFile(path)).toEqual({ token: first.token, created: false });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('needs the token for every route beyond loopback, and only for writes on loopback', async () => {
    const common = {
      apiToken: 'a-configured-token-123',
      apiTokenFile: '/nonexistent',
      allowedHosts: ['quarry.lab.example'],
    };
    const local = await resolveServerAccess({ ...common, host: '127.0.0.1', trustNetwork: false });
    expect(local.access.tokenRequiredFor).toBe('writes');
    expect(local.access.allowedHosts).toContain('quarry.lab.example');
    const shared = await resolveServerAccess({ ...common, host: '0.0.0.0', trustNetwork: false });
    expect(shared.access.tokenRequiredFor).toBe('all');
    const trusted = await resolveServerAccess({ ...common, host: '0.0.0.0', trustNetwork: true });
    expect(trusted.access.tokenRequiredFor).toBe('writes');
    await expect(
      resolveServerAccess({
        ...common,
        apiToken: undefined,
        host: '10.0.0.5',
        trustNetwork: false,
      }),
    ).rejects.toThrow(/without an API token/);
  });
});

describe('shutdown', () => {
  it('closes every connection when requests are still open at the deadline, then runs the closers', async () => {
    const steps: string[] = [];
    const server = {
      // A request that never finishes: close() never calls back.
      close: () => {
        steps.push('close');
        return server;
      },
      closeIdleConnections: () => steps.push('idle'),
      closeAllConnections: () => steps.push('all'),
    };
    await shutDown({
      server: server as never,
      deadlineMs: 50,
      closers: [
        () => {
          steps.push('database');
          return Promise.resolve();
        },
      ],
      log: (line) => steps.push(`log: ${line.slice(0, 20)}`),
    });
    expect(steps).toEqual(['close', 'idle', 'log: shutdown: requests s', 'all', 'database']);
  });
});
