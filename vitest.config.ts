// @module Root test runner config: every workspace's *.test.ts, with workspace imports resolved to source.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const workspaceFolders = [
  ...['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group)).map((name) => ({ name, folder: join(root, group, name) })),
  ),
  { name: 'eval', folder: join(root, 'eval') },
];
/** `@quarry/name` and each subpath export (`./dist/x.js` read as `src/x.ts`), resolved to source. */
function sourceAliases(name: string, folder: string): { find: RegExp; replacement: string }[] {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    exports?: Record<string, { import?: string }>;
  };
  return Object.entries(manifest.exports ?? {}).flatMap(([subpath, target]) => {
    const built = target.import?.match(/^\.\/dist\/(.+)\.js$/u)?.[1];
    if (built === undefined) return [];
    const specifier = subpath === '.' ? `@quarry/${name}` : `@quarry/${name}/${subpath.slice(2)}`;
    return [
      { find: new RegExp(`^${specifier}$`), replacement: resolve(folder, 'src', `${built}.ts`) },
    ];
  });
}
const aliases = workspaceFolders
  .filter(({ folder }) => existsSync(join(folder, 'src', 'index.ts')))
  .flatMap(({ name, folder }) => sourceAliases(name, folder));

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
    // expect.poll waits on things a busy machine is slow at (a browser re-rendering a PDF page at
    // a new width): the 1 s default made a CI run fail although the state arrived.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
  },
});
