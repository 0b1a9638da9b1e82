/**
 * @module Who may use a server, decided at start: on loopback reads are open and writes need the
 * token; beyond loopback every route needs it, and the server refuses to start without a
 * configured QUARRY_API_TOKEN unless told the network is trusted (`--trust-network`, then reads
 * stay open). Without a configured token, one is generated once and kept in a private file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname, networkInterfaces } from 'node:os';
import { dirname } from 'node:path';
import { loopbackHostNames } from '@quarry/api';
import type { AccessOptions } from '@quarry/api';
import { AppError } from '@quarry/core';

const wildcardAddresses = new Set(['0.0.0.0', '::', '[::]', '']);

export function isLoopbackAddress(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/** The token kept in `path`, created (random, mode 0600) when missing. */
export async function readOrCreateTokenFile(
  path: string,
): Promise<{ token: string; created: boolean }> {
  try {
    const token = (await readFile(path, 'utf8')).trim();
    if (token.length >= 16) return { token, created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new AppError({
        code: 'storage_failure',
        message: 'cannot read the API token file',
        where: path,
        cause: error,
      });
    }
  }
  const token = randomBytes(24).toString('base64url');
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${token}\n`, { mode: 0o600 });
  return { token, created: true };
}

/** The names a server bound to `host` is reached by: the address itself, or every local one. */
export function ownHostNames(host: string): string[] {
  if (!wildcardAddresses.has(host)) return [host];
  const addresses = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .map((entry) => entry.address);
  return [hostname(), ...addresses];
}

export interface ServerAccess {
  access: AccessOptions;
  /** Where the token came from: the setting, or the token file (and whether it was just made). */
  tokenSource: 'setting' | 'file';
}

export async function resolveServerAccess(options: {
  host: string;
  apiToken: string | undefined;
  apiTokenFile: string;
  trustNetwork: boolean;
  allowedHosts: string[] | 'any';
}): Promise<ServerAccess> {
  const beyondLoopback = !isLoopbackAddress(options.host);
  if (beyondLoopback && options.apiToken === undefined && !options.trustNetwork) {
    throw new AppError({
      code: 'invalid_input',
      message: `refusing to serve on ${options.host} without an API token: anyone who can reach the port could read and change everything`,
      fix: 'set QUARRY_API_TOKEN (16+ characters), listen on 127.0.0.1, or pass --trust-network if every machine on this network may use Quarry',
      where: '--host',
    });
  }
  const token =
    options.apiToken === undefined
      ? (await readOrCreateTokenFile(options.apiTokenFile)).token
      : options.apiToken;
  const allowedHosts =
    options.allowedHosts === 'any'
      ? 'any'
      : [
          ...new Set([
            ...loopbackHostNames,
            ...ownHostNames(options.host),
            ...options.allowedHosts,
          ]),
        ];
  return {
    access: {
      apiToken: token,
      tokenRequiredFor: beyondLoopback && !options.trustNetwork ? 'all' : 'writes',
      allowedHosts,
    },
    tokenSource: options.apiToken === undefined ? 'file' : 'setting',
  };
}
