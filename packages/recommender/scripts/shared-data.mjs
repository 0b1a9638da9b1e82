// @module Helpers for the offline scripts: where ../shared/data is, and reading its files.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const sharedData =
  process.env.QUARRY_SHARED_DATA ?? resolve(repositoryRoot, '../shared/data');

export function sharedPath(...parts) {
  return resolve(sharedData, ...parts);
}

export function readLines(path) {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

export function readJsonLines(path) {
  return readLines(path).map((line) => JSON.parse(line));
}
