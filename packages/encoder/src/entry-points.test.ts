/**
 * @module The runtime entry stays narrow: importing `@quarry/encoder` (built) in a fresh Node
 * process loads neither LangChain nor the AI SDK. A resolve hook refuses those packages, so any
 * import of them fails the child; the control shows the hook does catch an entry that needs them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageRoot = resolve(import.meta.dirname, '..');
const refusedPackages = ['@langchain/', 'ai', '@ai-sdk/openai-compatible'];

const hookSource = `
const refused = ${JSON.stringify(refusedPackages)};
export async function resolve(specifier, context, next) {
  const hit = refused.find((name) => name.endsWith('/') ? specifier.startsWith(name) : specifier === name || specifier.startsWith(name + '/'));
  if (hit !== undefined) throw new Error('refused import of ' + specifier + ' from ' + context.parentURL);
  return next(specifier, context);
}
`;

async function importInChild(
  specifier: string,
  preload: string,
): Promise<{ ok: boolean; output: string }> {
  const script = `await import(${JSON.stringify(specifier)}); console.log('imported');`;
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', preload, '--input-type=module', '-e', script],
      { cwd: packageRoot },
    );
    return { ok: stdout.includes('imported'), output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

describe('@quarry/encoder entry points', () => {
  let preload = '';
  beforeAll(async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quarry-entry-points-'));
    const hookFile = join(folder, 'refuse-hooks.mjs');
    await writeFile(hookFile, hookSource);
    const registerFile = join(folder, 'register.mjs');
    await writeFile(
      registerFile,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hookFile).href)});\n`,
    );
    preload = pathToFileURL(registerFile).href;
  });

  it('the main entry loads without LangChain or the AI SDK', async () => {
    const result = await importInChild('@quarry/encoder', preload);
    expect(result.output).toContain('imported');
    expect(result.ok).toBe(true);
  });

  it('the hook refuses an entry that needs them (control: @quarry/langchain)', async () => {
    const result = await importInChild('@quarry/langchain', preload);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('refused import of @langchain/');
  });
});
