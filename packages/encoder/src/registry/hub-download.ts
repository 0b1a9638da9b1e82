/**
 * @module Downloads a model repository from a Hugging Face-compatible hub into a cache folder, once.
 * Every file is checked against the hub's listing before it is kept: its size, and its checksum
 * (sha256 for LFS files, the git blob sha1 for the rest). Files are written to a staging folder
 * that is renamed into place only when all of them check out, so a broken download is never cached.
 */
import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppError, toAppError } from '@quarry/core';
import type { EncoderDebugLogger } from '../embedder/onnx-embedder.js';

export const defaultHubUrl = 'https://huggingface.co';

export interface DownloadHubModelOptions {
  /** `owner/name`, e.g. `Xenova/all-MiniLM-L6-v2`. */
  repositoryId: string;
  /** Branch, tag or commit. Default `main`. */
  revision?: string;
  cacheDir: string;
  /** Base URL of the hub; tests point it at a loopback server. */
  hubUrl?: string;
  fetchImplementation?: typeof fetch;
  debug?: EncoderDebugLogger;
}

/** One file as the hub lists it (GET /api/models/{id}/tree/{revision}?recursive=true). */
interface HubTreeEntry {
  type: string;
  path: string;
  size: number;
  /** Git blob sha1 of the file (of the LFS pointer for LFS files). */
  oid: string;
  lfs?: { oid: string; size: number };
}

interface ExpectedFile {
  path: string;
  size: number;
  checksum: { algorithm: 'sha256' | 'git-blob-sha1'; hex: string };
}

/** Written last into a complete download; its presence is what makes a cache entry valid. */
const manifestFileName = 'quarry-download.json';

/** Files a text encoder folder can use; everything else in the repository is left on the hub. */
const onnxModelPaths = ['model.onnx', 'onnx/model.onnx'];
const companionFiles = [
  'config.json',
  'tokenizer.json',
  'tokenizer_config.json',
  'special_tokens_map.json',
  'sentence_bert_config.json',
  'modules.json',
  'README.md',
  'LICENSE',
];

/** Returns the folder holding the verified files, downloading them on first use. */
export async function downloadHubModel(options: DownloadHubModelOptions): Promise<string> {
  const { repositoryId, cacheDir } = options;
  const revision = options.revision ?? 'main';
  const hubUrl = (options.hubUrl ?? defaultHubUrl).replace(/\/+$/, '');
  const fetchImplementation = options.fetchImplementation ?? fetch;
  const debug = options.debug ?? (() => undefined);
  const target = join(cacheDir, 'hub', repositoryId.replace('/', '--'), revision);
  if (existsSync(join(target, manifestFileName))) {
    debug('hub model found in cache', { repositoryId, revision, directory: target });
    return target;
  }

  const listingUrl = `${hubUrl}/api/models/${repositoryId}/tree/${encodeURIComponent(revision)}?recursive=true`;
  const listing = await fetchJson({ url: listingUrl, fetchImplementation, repositoryId });
  const expectedFiles = chooseFiles(listing, repositoryId);

  await mkdir(dirname(target), { recursive: true });
  const staging = await mkdtemp(`${target}.partial-`);
  try {
    for (const expected of expectedFiles) {
      const url = `${hubUrl}/${repositoryId}/resolve/${encodeURIComponent(revision)}/${expected.path}`;
      debug('downloading', { repositoryId, path: expected.path, bytes: expected.size });
      await downloadVerifiedFile({
        url,
        expected,
        destination: join(staging, expected.path),
        fetchImplementation,
      });
    }
    const manifest = { repositoryId, revision, hubUrl, files: expectedFiles };
    await writeFile(join(staging, manifestFileName), `${JSON.stringify(manifest, null, 2)}\n`);
    if (existsSync(target)) await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return target;
}

function chooseFiles(listing: unknown, repositoryId: string): ExpectedFile[] {
  if (!Array.isArray(listing)) {
    throw new AppError({
      code: 'model_failure',
      message: 'the hub returned an unexpected file listing',
      where: repositoryId,
    });
  }
  const entries = (listing as HubTreeEntry[]).filter((entry) => entry.type === 'file');
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  const modelPath = onnxModelPaths.find((path) => byPath.has(path));
  const isModel2Vec = !modelPath && byPath.has('model.safetensors');
  if ((!modelPath && !isModel2Vec) || !byPath.has('tokenizer.json')) {
    throw new AppError({
      code: 'unsupported',
      message:
        'the repository has no ONNX export (model.onnx or onnx/model.onnx) with a tokenizer.json, nor Model2Vec weights',
      where: repositoryId,
      fix: 'pick a repository with an ONNX export (e.g. Xenova/all-MiniLM-L6-v2) or export one with Optimum',
    });
  }
  const wanted = [
    ...(modelPath ? [modelPath] : ['model.safetensors']),
    ...companionFiles,
    ...entries
      .map((entry) => entry.path)
      .filter((path) => /^\d+_Pooling\/config\.json$/.test(path)),
  ];
  return wanted
    .map((path) => byPath.get(path))
    .filter((entry): entry is HubTreeEntry => entry !== undefined)
    .map((entry) => ({
      path: entry.path,
      size: entry.lfs?.size ?? entry.size,
      checksum: entry.lfs
        ? { algorithm: 'sha256' as const, hex: entry.lfs.oid }
        : { algorithm: 'git-blob-sha1' as const, hex: entry.oid },
    }));
}

interface DownloadVerifiedFileOptions {
  url: string;
  expected: ExpectedFile;
  destination: string;
  fetchImplementation: typeof fetch;
}

async function downloadVerifiedFile(options: DownloadVerifiedFileOptions): Promise<void> {
  const { url, expected, destination } = options;
  const response = await fetchOrFail(options.fetchImplementation, url, expected.path);
  if (!response.body) throw downloadError(expected.path, 'the response has no body');
  await mkdir(dirname(destination), { recursive: true });
  const hash = startChecksum(expected);
  let receivedBytes = 0;
  const handle = await open(destination, 'w');
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      receivedBytes += chunk.length;
      if (receivedBytes > expected.size) break;
      hash.update(chunk);
      await handle.write(chunk);
    }
  } catch (error) {
    throw toAppError(error, {
      code: 'model_failure',
      message: 'the download was interrupted',
      where: expected.path,
      fix: 'run the command again',
    });
  } finally {
    await handle.close();
  }
  if (receivedBytes !== expected.size) {
    throw downloadError(
      expected.path,
      `received ${receivedBytes} bytes, the hub lists ${expected.size}`,
    );
  }
  const actual = hash.digest('hex');
  if (actual !== expected.checksum.hex) {
    throw downloadError(
      expected.path,
      `${expected.checksum.algorithm} is ${actual}, the hub lists ${expected.checksum.hex}`,
    );
  }
}

/** Git names a blob by sha1("blob <size>\0" + content); the hub lists that for non-LFS files. */
function startChecksum(expected: ExpectedFile): Hash {
  if (expected.checksum.algorithm === 'sha256') return createHash('sha256');
  return createHash('sha1').update(`blob ${expected.size}\0`);
}

interface FetchJsonOptions {
  url: string;
  fetchImplementation: typeof fetch;
  repositoryId: string;
}

async function fetchJson(options: FetchJsonOptions): Promise<unknown> {
  const response = await fetchOrFail(
    options.fetchImplementation,
    options.url,
    options.repositoryId,
  );
  try {
    return await response.json();
  } catch (error) {
    throw toAppError(error, {
      code: 'model_failure',
      message: 'the hub listing is not JSON',
      where: options.url,
    });
  }
}

async function fetchOrFail(
  fetchImplementation: typeof fetch,
  url: string,
  where: string,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetchImplementation(url, { redirect: 'follow' });
  } catch (error) {
    throw toAppError(error, {
      code: 'model_failure',
      message: `could not reach ${url}`,
      where,
      fix: 'check the network or the hub URL, or copy the model folder to this machine and pass its path',
    });
  }
  if (!response.ok) {
    throw new AppError({
      code: response.status === 404 ? 'not_found' : 'model_failure',
      message: `${url} answered HTTP ${response.status}`,
      where,
      fix: response.status === 404 ? 'check the repository id and revision' : 'try again later',
    });
  }
  return response;
}

function downloadError(path: string, detail: string): AppError {
  return new AppError({
    code: 'model_failure',
    message: `download rejected: ${detail}`,
    where: path,
    fix: 'run the command again; nothing was cached',
  });
}
