/**
 * @module arXiv identifiers as people paste them: `2104.08663`, `2104.08663v2`, `arXiv:2104.08663`,
 * an abs or pdf URL, or an old-style id (`hep-th/9901001`, `math.GT/0309136`), read into the
 * versionless id and the version asked for (if any). The paper id Quarry stores is `arxiv-<id>`
 * (a `/` of an old-style id becomes `_`), so pulling a later version replaces the paper.
 */
import { AppError } from '@quarry/core';

export interface ArxivId {
  /** Versionless: `2104.08663`, `hep-th/9901001`. */
  id: string;
  /** `2` of `v2`, or null when none was given. */
  version: number | null;
}

const newStyle = /^(\d{4}\.\d{4,5})(?:v(\d+))?$/;
const oldStyle = /^([a-z-]+(?:\.[A-Za-z-]+)?\/\d{7})(?:v(\d+))?$/;

export function parseArxivId(input: string, where: string): ArxivId {
  let text = input.trim();
  const url = /^https?:\/\/[^/]*arxiv\.org\/(?:abs|pdf|html)\/(.+?)(?:\.pdf)?\/?(?:[?#].*)?$/i.exec(
    text,
  );
  if (url?.[1]) text = url[1];
  text = text.replace(/^arxiv:/i, '');
  const match = newStyle.exec(text) ?? oldStyle.exec(text);
  if (match?.[1] === undefined) {
    throw new AppError({
      code: 'invalid_input',
      message: `"${input}" is not an arXiv id or URL`,
      where,
      fix: 'give ids like 2104.08663, arXiv:2104.08663v2, hep-th/9901001 or https://arxiv.org/abs/2104.08663',
    });
  }
  return { id: match[1], version: match[2] === undefined ? null : Number(match[2]) };
}

/** The id Quarry stores an arXiv paper under. */
export function arxivPaperId(id: string): string {
  return `arxiv-${id.replace(/\//g, '_')}`;
}
