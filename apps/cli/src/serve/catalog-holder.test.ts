import { describe, expect, it } from 'vitest';
import { createCatalogHolder } from './catalog-holder.js';
import type { DatasetCatalogVersion } from '@quarry/store';

interface TestCatalog {
  name: string;
}

/** A build the test finishes (or fails) when it chooses. */
function pendingBuild() {
  let finish: (catalog: TestCatalog) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<TestCatalog>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

function version(datasets: number, mark = `${datasets}`): DatasetCatalogVersion {
  return { datasets, mark };
}

/** A holder over a version the test changes and builds it controls; it never polls by itself. */
function testHolder(builds: (() => Promise<TestCatalog>)[]) {
  let stored = version(2);
  const lines: string[] = [];
  let built = 0;
  const holder = createCatalogHolder<TestCatalog>({
    initial: { catalog: { name: 'first' }, version: version(2) },
    readVersion: () => Promise.resolve(stored),
    build: () => {
      const next = builds[built];
      built += 1;
      if (!next) throw new Error('no more builds planned');
      return next();
    },
    intervalMs: 0,
    log: (line) => lines.push(line),
  });
  return {
    holder,
    lines,
    builds: () => built,
    setVersion(next: DatasetCatalogVersion) {
      stored = next;
    },
  };
}

describe('catalog holder', () => {
  it('keeps the catalog while the version is the same', async () => {
    const test = testHolder([]);
    expect(await test.holder.refresh()).toBe('unchanged');
    expect(test.builds()).toBe(0);
    expect(test.holder.current()).toEqual({ name: 'first' });
    expect(test.lines).toEqual([]);
  });

  it('serves the old catalog while the new one builds, then the new one', async () => {
    const build = pendingBuild();
    const test = testHolder([() => build.promise]);
    test.setVersion(version(3));
    const inFlight = test.holder.current();
    const refreshing = test.holder.refresh();
    await new Promise((resolve) => setImmediate(resolve));
    expect(test.builds()).toBe(1);
    expect(test.holder.current()).toBe(inFlight);
    build.finish({ name: 'second' });
    expect(await refreshing).toBe('refreshed');
    expect(test.holder.current()).toEqual({ name: 'second' });
    expect(inFlight).toEqual({ name: 'first' });
    expect(test.lines).toEqual([expect.stringMatching(/^catalog refreshed: 2 -> 3 datasets in /)]);
    expect(await test.holder.refresh()).toBe('unchanged');
  });

  it('rebuilds on a changed mark with the same number of datasets', async () => {
    const test = testHolder([() => Promise.resolve({ name: 'edited' })]);
    test.setVersion(version(2, '2|later'));
    expect(await test.holder.refresh()).toBe('refreshed');
    expect(test.holder.current()).toEqual({ name: 'edited' });
  });

  it('never runs two rebuilds at once: a refresh during one joins it', async () => {
    const build = pendingBuild();
    const test = testHolder([() => build.promise]);
    test.setVersion(version(3));
    const first = test.holder.refresh();
    const second = test.holder.refresh();
    await new Promise((resolve) => setImmediate(resolve));
    expect(test.holder.refresh()).toBe(first);
    expect(second).toBe(first);
    build.finish({ name: 'second' });
    expect(await Promise.all([first, second])).toEqual(['refreshed', 'refreshed']);
    expect(test.builds()).toBe(1);
  });

  it('keeps the old catalog when a rebuild fails, logs it, and tries again next time', async () => {
    const build = pendingBuild();
    const test = testHolder([() => build.promise, () => Promise.resolve({ name: 'second' })]);
    test.setVersion(version(3));
    const refreshing = test.holder.refresh();
    build.fail(new Error('connection reset'));
    expect(await refreshing).toBe('failed');
    expect(test.holder.current()).toEqual({ name: 'first' });
    expect(test.lines).toEqual([
      'note: catalog refresh failed (connection reset); still serving the 2 datasets read before',
    ]);
    expect(await test.holder.refresh()).toBe('refreshed');
    expect(test.holder.current()).toEqual({ name: 'second' });
  });

  it('keeps the old catalog when the version cannot be read', async () => {
    const holder = createCatalogHolder<TestCatalog>({
      initial: { catalog: { name: 'first' }, version: version(2) },
      readVersion: () => Promise.reject(new Error('database gone')),
      build: () => Promise.resolve({ name: 'never' }),
      intervalMs: 0,
      log: () => undefined,
    });
    expect(await holder.refresh()).toBe('failed');
    expect(holder.current()).toEqual({ name: 'first' });
  });

  it('checks on its own every intervalMs until stopped', async () => {
    let stored = version(1);
    let checks = 0;
    const holder = createCatalogHolder<TestCatalog>({
      initial: { catalog: { name: 'first' }, version: version(1) },
      readVersion: () => {
        checks += 1;
        return Promise.resolve(stored);
      },
      build: () => Promise.resolve({ name: 'polled' }),
      intervalMs: 5,
      log: () => undefined,
    });
    stored = version(4);
    const startedAt = Date.now();
    while (holder.current().name !== 'polled' && Date.now() - startedAt < 2000)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(holder.current()).toEqual({ name: 'polled' });
    await holder.stop();
    const checksWhenStopped = checks;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(checks).toBe(checksWhenStopped);
  });
});
