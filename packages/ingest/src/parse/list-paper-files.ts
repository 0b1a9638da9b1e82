/**
 * @module listPaperFiles: expands files and folders into the sorted list of paper files under
 * them (.json, .jsonl, .pdf, .txt), searching folders recursively.
 */

import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { invalidInputError } from './parse-result.js';

export const paperFileExtensions = ['.json', '.jsonl', '.pdf', '.txt'] as const;

async function collectPaperFiles(folder: string, found: Set<string>): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true });
  for (const entry of entries) {
    // Hidden files and folders (.git, .DS_Store) are never papers.
    if (entry.name.startsWith('.')) continue;
    const entryPath = join(folder, entry.name);
    // Symbolic links are followed (a folder of links to papers is a common way to pick a subset).
    const target = entry.isSymbolicLink() ? await stat(entryPath).catch(() => null) : entry;
    if (!target) continue;
    if (target.isDirectory()) await collectPaperFiles(entryPath, found);
    else if (
      target.isFile() &&
      (paperFileExtensions as readonly string[]).includes(extname(entry.name).toLowerCase())
    ) {
      found.add(entryPath);
    }
  }
}

/**
 * Files are listed as given (whatever their extension, so parsePaperFile can report on them);
 * folders are searched recursively for .json, .pdf and .txt files. The result is sorted and has
 * no duplicates. Throws an `invalid_input` AppError for a path that does not exist.
 */
export async function listPaperFiles(paths: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const path of paths) {
    let isFolder: boolean;
    try {
      isFolder = (await stat(path)).isDirectory();
    } catch (error) {
      throw invalidInputError({
        where: path,
        message: 'no such file or folder',
        fix: 'Check the path; give paper files (.json, .pdf, .txt) or folders that contain them.',
        cause: error,
      });
    }
    if (isFolder) await collectPaperFiles(path, found);
    else found.add(path);
  }
  return [...found].sort();
}
