/**
 * @module The check behind the package map: reads every workspace's package.json and the
 * `@quarry/…` import specifiers of its `src` files and lists each breach — an import the map does
 * not allow, an import its package.json does not declare, a subpath the target does not export,
 * a product package depending on tooling or an app, a dependency cycle, a workspace missing from
 * the map.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { packageMap } from './package-map.js';
import type { WorkspaceRule } from './package-map.js';

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  exports?: Record<string, unknown>;
}

interface Workspace {
  shortName: string;
  folder: string;
  manifest: Manifest;
}

export interface WorkspaceImport {
  file: string;
  specifier: string;
  inTests: boolean;
}

const workspaceGroups = ['packages', 'apps'];
const sourcePattern = /\.(ts|tsx|mts)$/u;
const importPattern =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](@quarry\/[a-z0-9-]+(?:\/[a-z0-9-]+)*)['"]/gu;

function readWorkspaces(root: string): Workspace[] {
  const folders = [
    ...workspaceGroups.flatMap((group) =>
      existsSync(join(root, group))
        ? readdirSync(join(root, group)).map((name) => join(root, group, name))
        : [],
    ),
    join(root, 'eval'),
  ].filter((folder) => existsSync(join(folder, 'package.json')));
  return folders.map((folder) => {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest;
    return { shortName: manifest.name.replace(/^@quarry\//u, ''), folder, manifest };
  });
}

function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return sourcePattern.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every `@quarry/…` specifier in a workspace's src (and e2e) files. */
export function workspaceImports(folder: string): WorkspaceImport[] {
  return ['src', 'e2e'].flatMap((part) =>
    sourceFiles(join(folder, part)).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const inTests = /\.test\.tsx?$/u.test(file) || file.includes('/test-support/');
      return [...text.matchAll(importPattern)].map((match) => ({
        file,
        specifier: match[1] ?? '',
        inTests,
      }));
    }),
  );
}

function dependencyNames(manifest: Manifest, withDev: boolean): string[] {
  return Object.keys({ ...manifest.dependencies, ...(withDev ? manifest.devDependencies : {}) });
}

function findCycle(workspaces: readonly Workspace[]): string[] | null {
  const edges = new Map(
    workspaces.map((workspace) => [
      workspace.manifest.name,
      dependencyNames(workspace.manifest, true).filter((name) => name.startsWith('@quarry/')),
    ]),
  );
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (name: string): string[] | null => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'open');
    path.push(name);
    for (const next of edges.get(name) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(name, 'done');
    return null;
  };
  for (const name of edges.keys()) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return null;
}

/** Every breach of the package map in the tree at `root`; empty when the tree keeps it. */
export function checkWorkspaceGraph(
  root: string,
  map: Readonly<Record<string, WorkspaceRule>> = packageMap,
): string[] {
  const workspaces = readWorkspaces(root);
  const byName = new Map(workspaces.map((workspace) => [workspace.shortName, workspace]));
  const breaches: string[] = [];
  for (const workspace of workspaces) {
    const { shortName, manifest } = workspace;
    const rule = map[shortName];
    if (rule === undefined) {
      breaches.push(
        `${manifest.name}: not in the package map (docs/decisions/0007-package-map.md)`,
      );
      continue;
    }
    if (rule.role === 'product' || rule.role === 'test-helper') {
      for (const name of dependencyNames(manifest, true)) {
        const target = map[name.replace(/^@quarry\//u, '')];
        if (name.startsWith('@quarry/') && (target?.role === 'tooling' || target?.role === 'app')) {
          breaches.push(`${manifest.name}: package.json depends on ${target.role} ${name}`);
        }
      }
    }
    for (const found of workspaceImports(workspace.folder)) {
      const where = relative(root, found.file);
      const [, targetName = '', ...subpath] = found.specifier.split('/');
      const allowed = found.inTests ? [...rule.uses, ...rule.testsAlsoUse] : rule.uses;
      if (targetName !== shortName && !allowed.includes(targetName)) {
        breaches.push(`${where}: imports ${found.specifier}, which ${manifest.name} may not use`);
        continue;
      }
      if (targetName !== shortName) {
        const declared = dependencyNames(manifest, found.inTests || rule.bundled === true);
        if (!declared.includes(`@quarry/${targetName}`)) {
          breaches.push(
            `${where}: imports ${found.specifier} but ${manifest.name}'s package.json does not declare it` +
              (found.inTests ? '' : ' in dependencies'),
          );
        }
      }
      const exported = byName.get(targetName)?.manifest.exports ?? {};
      const entry = subpath.length === 0 ? '.' : `./${subpath.join('/')}`;
      if (!Object.hasOwn(exported, entry)) {
        breaches.push(
          `${where}: imports ${found.specifier}, which @quarry/${targetName} does not export`,
        );
      }
    }
  }
  const cycle = findCycle(workspaces);
  if (cycle) breaches.push(`package.json dependency cycle: ${cycle.join(' -> ')}`);
  return breaches;
}
