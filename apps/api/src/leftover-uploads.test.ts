import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { removeLeftoverUploads } from './paper-uploader.js';

it('removes the upload folders of processes that are gone, and keeps live ones', async () => {
  const root = await mkdtemp(join(tmpdir(), 'quarry-uploads-test-'));
  try {
    // 2^22 + 1 is above Linux's default pid limit, so no process has it.
    const goneProcess = 4_194_305;
    await mkdir(join(root, `${goneProcess}-abc`));
    await mkdir(join(root, `${process.pid}-mine`));
    await mkdir(join(root, `${process.ppid}-parent`));
    expect(await removeLeftoverUploads(root)).toBe(1);
    expect((await readdir(root)).sort()).toEqual(
      [`${process.pid}-mine`, `${process.ppid}-parent`].sort(),
    );
    expect(await removeLeftoverUploads(join(root, 'missing'))).toBe(0);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
