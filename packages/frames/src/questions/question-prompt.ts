/**
 * @module The versioned prompt of the language-model question generator: a Markdown file with
 * front matter (`name`, `version`, …) and a body with `{{placeholders}}`, read from `prompts/`.
 */
import { fileURLToPath } from 'node:url';
import { AppError, readTextFile } from '@quarry/core';

export interface QuestionPrompt {
  name: string;
  version: string;
  /** Every front-matter field, as written. */
  fields: Readonly<Record<string, string>>;
  /** The template, with `{{name}}` placeholders. */
  template: string;
}

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const placeholderPattern = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The repository's `prompts/question-generation.md` (packages/frames/{src,dist}/questions/). */
export function defaultQuestionPromptPath(): string {
  return fileURLToPath(new URL('../../../../prompts/question-generation.md', import.meta.url));
}

/** Parses a prompt file's text; `where` names it in errors. */
export function parseQuestionPrompt(text: string, where: string): QuestionPrompt {
  const match = frontMatterPattern.exec(text);
  if (match === null) {
    throw new AppError({
      code: 'invalid_input',
      message: 'the prompt has no front matter',
      where,
      fix: 'start the file with a --- block holding at least name and version',
    });
  }
  const [, header = '', body = ''] = match;
  const fields: Record<string, string> = {};
  for (const line of header.split(/\r?\n/)) {
    const separator = line.indexOf(':');
    if (separator <= 0) continue;
    fields[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  const { name, version } = fields;
  if (!name || !version) {
    throw new AppError({
      code: 'invalid_input',
      message: 'the prompt front matter needs a name and a version',
      where,
    });
  }
  return { name, version, fields, template: body.trim() };
}

export async function loadQuestionPrompt(
  path: string = defaultQuestionPromptPath(),
): Promise<QuestionPrompt> {
  const text = await readTextFile({
    path,
    what: 'the question-generation prompt',
    fix: 'restore prompts/question-generation.md from the repository',
  });
  return parseQuestionPrompt(text, path);
}

/** Fills the template; a placeholder without a value is an AppError, never left in the text. */
export function renderQuestionPrompt(
  prompt: QuestionPrompt,
  values: Readonly<Record<string, string | number>>,
): string {
  return prompt.template.replace(placeholderPattern, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new AppError({
        code: 'internal',
        message: `no value for {{${name}}} in prompt ${prompt.name}@${prompt.version}`,
      });
    }
    return String(value);
  });
}
