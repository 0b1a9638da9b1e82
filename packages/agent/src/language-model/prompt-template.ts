/**
 * @module Versioned prompt templates from prompts/*.md: front matter (name, version, purpose) and a
 * body with {{placeholders}}.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, readTextFile } from '@quarry/core';

/** The repository's prompts/ folder (this file lives in packages/agent/{src,dist}/language-model/). */
export const defaultPromptsDirectory = fileURLToPath(
  new URL('../../../../prompts', import.meta.url),
);

export interface PromptTemplate {
  name: string;
  version: number;
  body: string;
}

export async function loadPromptTemplate(options: {
  name: string;
  directory?: string;
}): Promise<PromptTemplate> {
  const path = join(options.directory ?? defaultPromptsDirectory, `${options.name}.md`);
  const text = await readTextFile({
    path,
    what: `the prompt template ${options.name}`,
    fix: 'restore it from the repository',
  });
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) {
    throw new AppError({
      code: 'invalid_input',
      message: 'prompt has no front matter',
      where: path,
      fix: 'start it with --- name/version --- lines',
    });
  }
  const fields = new Map(
    (match[1] ?? '').split('\n').map((line) => {
      const separator = line.indexOf(':');
      return [line.slice(0, separator).trim(), line.slice(separator + 1).trim()] as const;
    }),
  );
  const version = Number(fields.get('version'));
  if (!Number.isInteger(version)) {
    throw new AppError({
      code: 'invalid_input',
      message: 'prompt front matter needs an integer version',
      where: path,
    });
  }
  return { name: fields.get('name') ?? options.name, version, body: (match[2] ?? '').trim() };
}

/** Fills {{name}} placeholders; values are inserted as they are (the prompt marks them as data). */
export function fillPrompt(template: PromptTemplate, values: Record<string, string>): string {
  return template.body.replace(/\{\{(\w+)\}\}/g, (_whole, key: string) => values[key] ?? '');
}
