/**
 * @module A loopback HTTP server that serves a model folder in Hugging Face hub layout (the tree
 * listing API and /resolve/ downloads), with switchable faults to test that bad downloads are refused.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';

export const hubFaults = ['none', 'corrupt', 'short'] as const;

export type HubFault = (typeof hubFaults)[number];

export interface HubFixtureServer {
  url: string;
  /** Paths requested so far, to check what was (not) downloaded again. */
  requests: string[];
  setFault(fault: HubFault): void;
  close(): Promise<void>;
}

export interface StartHubFixtureServerOptions {
  repositoryId: string;
  directory: string;
}

/** Files whose listing entry carries an `lfs` block (sha256), like large files on the real hub. */
const lfsPattern = /\.(onnx|safetensors)$/;

export async function startHubFixtureServer(
  options: StartHubFixtureServerOptions,
): Promise<HubFixtureServer> {
  const files = new Map<string, Buffer>();
  for (const path of await listFiles(options.directory)) {
    files.set(relative(options.directory, path).split(sep).join('/'), await readFile(path));
  }
  const listing = [...files].map(([path, bytes]) => ({
    type: 'file',
    path,
    size: lfsPattern.test(path) ? 135 : bytes.length,
    oid: createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex'),
    ...(lfsPattern.test(path)
      ? {
          lfs: {
            oid: createHash('sha256').update(bytes).digest('hex'),
            size: bytes.length,
            pointerSize: 135,
          },
        }
      : {}),
  }));
  let fault: HubFault = 'none';
  const requests: string[] = [];
  const resolvePrefix = `/${options.repositoryId}/resolve/main/`;

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    if (path === `/api/models/${options.repositoryId}/tree/main`) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(listing));
      return;
    }
    const file = path.startsWith(resolvePrefix)
      ? files.get(path.slice(resolvePrefix.length))
      : undefined;
    if (!file) {
      response.writeHead(404).end('not found');
      return;
    }
    let body = file;
    if (lfsPattern.test(path) && fault === 'corrupt') {
      body = Buffer.from(file);
      const middle = Math.floor(body.length / 2);
      body[middle] = (body[middle] ?? 0) ^ 0xff;
    } else if (lfsPattern.test(path) && fault === 'short') {
      body = file.subarray(0, Math.floor(file.length / 2));
    }
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': body.length,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setFault: (next) => {
      fault = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? listFiles(join(directory, entry.name))
        : Promise.resolve([join(directory, entry.name)]),
    ),
  );
  return nested.flat();
}
