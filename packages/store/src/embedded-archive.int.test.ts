/**
 * Backup and restore of a real embedded database folder: the data comes back in a new folder, a
 * non-empty folder is only replaced with force, a bad archive is refused before anything changes,
 * and a folder in use is not copied.
 */
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './create-store.js';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from './embedded-archive.js';
import { sampleDataset, samplePaper } from './test-support/sample-records.js';

describe('embedded backup and restore', () => {
  let folder: string;
  let source: string;
  let archive: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'quarry-backup-'));
    source = join(folder, 'source');
    archive = join(folder, 'backup.tar.gz');
    const store = await openStore({ location: source });
    await store.datasets.upsert(sampleDataset());
    await store.papers.upsert(samplePaper());
    await store.close();
  });

  it('backs up a folder and restores it into a new one with its data', async () => {
    const backup = await backupEmbeddedDatabase({ directory: source, outFile: archive });
    expect(backup).toMatchObject({ datasets: 1, papers: 1, frames: 3 });
    expect(backup.migrations).toBeGreaterThanOrEqual(11);
    const target = join(folder, 'restored');
    const restored = await restoreEmbeddedDatabase({ archiveFile: archive, directory: target });
    expect(restored).toMatchObject({ datasets: 1, papers: 1, frames: 3 });
    const store = await openStore({ location: target });
    try {
      expect(await store.stats()).toMatchObject({ datasets: 1, papers: 1, frames: 3 });
      expect((await store.papers.get('paper-1'))?.title).toBe('Learning from toy digits');
      expect((await store.datasets.get('Toy Digits'))?.tasks).toEqual(['Image Classification']);
    } finally {
      await store.close();
    }
    // No staging folders or lock files are left beside it.
    expect((await readdir(folder)).sort()).toEqual(['backup.tar.gz', 'restored', 'source']);
  });

  it('replaces a non-empty folder only with force', async () => {
    const target = join(folder, 'occupied');
    const store = await openStore({ location: target });
    await store.papers.upsert(samplePaper({ id: 'paper-other' }));
    await store.close();
    await expect(
      restoreEmbeddedDatabase({ archiveFile: archive, directory: target }),
    ).rejects.toThrow(/not empty.*--force/);
    await restoreEmbeddedDatabase({ archiveFile: archive, directory: target, force: true });
    const restored = await openStore({ location: target });
    try {
      expect((await restored.papers.list()).map((paper) => paper.id)).toEqual(['paper-1']);
    } finally {
      await restored.close();
    }
  });

  it('checks the archive before replacing anything', async () => {
    const bad = join(folder, 'bad.tar.gz');
    await writeFile(bad, 'this is not a tarball');
    await expect(
      restoreEmbeddedDatabase({ archiveFile: bad, directory: source, force: true }),
    ).rejects.toThrow(/not a Quarry database backup/);
    const store = await openStore({ location: source });
    try {
      expect(await store.stats()).toMatchObject({ papers: 1, frames: 3 });
    } finally {
      await store.close();
    }
  });

  it('does not back up or restore a folder another holder has open', async () => {
    const store = await openStore({ location: source });
    try {
      await expect(
        backupEmbeddedDatabase({ directory: source, outFile: join(folder, 'x.tar.gz') }),
      ).rejects.toThrow(/locked/);
      await expect(
        restoreEmbeddedDatabase({ archiveFile: archive, directory: source, force: true }),
      ).rejects.toThrow(/locked/);
    } finally {
      await store.close();
    }
  });
});
