// @module Root test runner config: every workspace's *.test.ts, with workspace imports resolved to source.
import { readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const workspaceFolders = [
  ...['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group)).map((name) => ({ name, folder: join(root, group, name) })),
  ),
  { name: 'eval', folder: join(root, 'eval') },
];
const aliases = workspaceFolders
  .filter(({ folder }) => existsSync(join(folder, 'src', 'index.ts')))
  .map(({ name, folder }) => ({
    find: new RegExp(`^@quarry/${name}$`),
    replacement: resolve(folder, 'src', 'index.ts'),
  }));

export default defineConfig({
  root,
  resolve: { alias: aliases },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/web/src/**/*.test.tsx',
      'apps/web/e2e/**/*.test.ts',
      'eval/src/**/*.test.ts',
    ],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
  },
});
