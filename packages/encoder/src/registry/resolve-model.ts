/**
 * @module Model registry: turns a model spec (`default`, a shipped model's name, a folder path, or a
 * hub id like `Xenova/all-MiniLM-L6-v2[@revision]`) into a local ONNX model folder, importing
 * Model2Vec folders and downloading hub repositories into the cache on first use.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { AppError } from '@quarry/core';
import type { EncoderDebugLogger } from '../embedder/onnx-embedder.js';
import { detectModelFolderKind } from '../model-files/model-folder.js';
import { importModel2Vec } from '../model-files/model2vec-import.js';
import { downloadHubModel } from './hub-download.js';

/** The folder under `models/` that `default` names. */
export const defaultModelName = 'e5-small-v2-q';

export const modelSources = ['shipped', 'local', 'model2vec-import', 'hub'] as const;

export type ModelSource = (typeof modelSources)[number];

export interface ResolveModelOptions {
  spec: string;
  /** The repository's `models/` folder (see shippedModelsDirectory). */
  modelsDir: string;
  /** Where hub downloads and Model2Vec conversions are kept. */
  cacheDir: string;
  hubUrl?: string;
  fetchImplementation?: typeof fetch;
  debug?: EncoderDebugLogger;
}

export interface ResolvedModel {
  spec: string;
  source: ModelSource;
  /** An ONNX model folder, ready for createOnnxEmbedder. */
  directory: string;
}

const hubIdPattern = /^[A-Za-z0-9][\w.-]*\/[\w.-]+(@[\w./-]+)?$/;

export async function resolveModel(options: ResolveModelOptions): Promise<ResolvedModel> {
  const { spec, modelsDir } = options;
  const debug = options.debug ?? (() => undefined);
  if (spec === 'default' || isShippedModelName(modelsDir, spec)) {
    const directory = join(modelsDir, spec === 'default' ? defaultModelName : spec);
    if (detectModelFolderKind(directory) !== 'onnx') {
      throw new AppError({
        code: 'not_found',
        message: `the shipped model ${basename(directory)} is missing`,
        where: directory,
        fix: 'run `quarry train encoder`, or restore models/ from the repository',
      });
    }
    return { spec, source: 'shipped', directory };
  }
  if (looksLikePath(spec) || existsSync(spec)) {
    return resolveLocalFolder({ ...options, directory: resolve(spec), debug });
  }
  if (hubIdPattern.test(spec)) {
    const [repositoryId = spec, revision] = spec.split('@');
    const directory = await downloadHubModel({
      repositoryId,
      ...(revision ? { revision } : {}),
      cacheDir: options.cacheDir,
      ...(options.hubUrl ? { hubUrl: options.hubUrl } : {}),
      ...(options.fetchImplementation ? { fetchImplementation: options.fetchImplementation } : {}),
      debug,
    });
    const resolved = await resolveLocalFolder({ ...options, directory, debug });
    return {
      ...resolved,
      source: resolved.source === 'model2vec-import' ? 'model2vec-import' : 'hub',
    };
  }
  throw new AppError({
    code: 'invalid_input',
    message: `unknown model "${spec}"`,
    fix: 'use "default", a model folder path, or a hub id such as Xenova/all-MiniLM-L6-v2',
  });
}

interface ResolveLocalFolderOptions extends ResolveModelOptions {
  directory: string;
  debug: EncoderDebugLogger;
}

async function resolveLocalFolder(options: ResolveLocalFolderOptions): Promise<ResolvedModel> {
  const { spec, directory } = options;
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new AppError({ code: 'not_found', message: 'no such model folder', where: directory });
  }
  const kind = detectModelFolderKind(directory);
  switch (kind) {
    case 'onnx':
      return { spec, source: 'local', directory };
    case 'model2vec': {
      // Keyed by the weights' hash, so a changed source converts again and an unchanged one never does.
      const weights = await readFile(join(directory, 'model.safetensors'));
      const digest = createHash('sha256').update(weights).digest('hex').slice(0, 16);
      const target = join(options.cacheDir, 'imported', `${basename(directory)}-${digest}`);
      if (detectModelFolderKind(target) !== 'onnx') {
        options.debug('converting Model2Vec folder to ONNX', { from: directory, to: target });
        await mkdir(dirname(target), { recursive: true });
        const staging = await mkdtemp(`${target}.partial-`);
        try {
          await importModel2Vec({ from: directory, to: staging });
          await rm(target, { recursive: true, force: true });
          await rename(staging, target);
        } catch (error) {
          await rm(staging, { recursive: true, force: true });
          throw error;
        }
      }
      return { spec, source: 'model2vec-import', directory: target };
    }
    case 'unknown':
      throw new AppError({
        code: 'invalid_input',
        message:
          'not a model folder: expected model.onnx (or onnx/model.onnx) + tokenizer.json, or Model2Vec files',
        where: directory,
      });
  }
}

function isShippedModelName(modelsDir: string, spec: string): boolean {
  return /^[\w.-]+$/.test(spec) && existsSync(join(modelsDir, spec));
}

function looksLikePath(spec: string): boolean {
  return (
    spec.startsWith('.') ||
    spec.startsWith('/') ||
    spec.startsWith('~') ||
    /^[A-Za-z]:[\\/]/.test(spec)
  );
}
