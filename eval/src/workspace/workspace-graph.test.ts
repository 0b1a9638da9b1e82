import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryPath } from '@quarry/testing';
import { checkWorkspaceGraph } from './workspace-graph.js';

async function writeWorkspace(
  root: string,
  folder: string,
  manifest: object,
  files: Record<string, string>,
): Promise<void> {
  await mkdir(join(root, folder, 'src'), { recursive: true });
  await writeFile(join(root, folder, 'package.json'), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) {
    await writeFile(join(root, folder, 'src', name), text);
  }
}

/** An import line, written so this file's own source holds no `@quarry/…` import specifier. */
const importLine = (names: string, specifier: string): string =>
  `import ${names} from '${specifier}';\n`;

const exportsField = { exports: { '.': { import: './dist/index.js' } } };

describe('the workspace graph', () => {
  it('keeps the package map of docs/decisions/0007-package-map.md', () => {
    expect(checkWorkspaceGraph(repositoryPath())).toEqual([]);
  });

  it('reports a product package importing eval, an undeclared import and a cycle', async () => {
    const root = await mkdtemp(join(tmpdir(), 'quarry-graph-'));
    await writeWorkspace(
      root,
      'packages/recommender',
      {
        name: '@quarry/recommender',
        devDependencies: { '@quarry/eval': '0.1.0' },
        ...exportsField,
      },
      { 'tune.ts': importLine('{ evaluateRun }', '@quarry/eval') },
    );
    await writeWorkspace(
      root,
      'packages/text',
      { name: '@quarry/text', ...exportsField },
      { 'index.ts': importLine('type { Dataset }', '@quarry/core') },
    );
    await writeWorkspace(root, 'packages/core', { name: '@quarry/core', ...exportsField }, {});
    await writeWorkspace(
      root,
      'eval',
      { name: '@quarry/eval', dependencies: { '@quarry/recommender': '0.1.0' }, ...exportsField },
      { 'index.ts': importLine('{ createDatasetRecommender }', '@quarry/recommender/internal') },
    );
    const breaches = checkWorkspaceGraph(root);
    expect(breaches).toEqual(
      expect.arrayContaining([
        '@quarry/recommender: package.json depends on tooling @quarry/eval',
        `${join('packages', 'recommender', 'src', 'tune.ts')}: imports @quarry/eval, which @quarry/recommender may not use`,
        `${join('packages', 'text', 'src', 'index.ts')}: imports @quarry/core but @quarry/text's package.json does not declare it in dependencies`,
        `${join('eval', 'src', 'index.ts')}: imports @quarry/recommender/internal, which @quarry/recommender does not export`,
        'package.json dependency cycle: @quarry/recommender -> @quarry/eval -> @quarry/recommender',
      ]),
    );
  });
});
