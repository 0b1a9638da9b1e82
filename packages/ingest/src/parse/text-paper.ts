/**
 * @module Plain-text papers (.txt): the first line is the title; headings and blank lines give
 * sections and paragraphs (see plain-text-layout: the lines of a paragraph are joined into running
 * text, words hyphenated at a line end rejoined). Control characters other than tab and newline
 * become spaces (storable-text.ts).
 */

import type { Paper } from '@quarry/core';
import { assembleParagraphSections } from './paper-text-builder.js';
import { invalidInputError } from './parse-result.js';
import { layOutPlainText } from './plain-text-layout.js';
import { storableText } from './storable-text.js';

/** Converts the text of a .txt paper; throws an `invalid_input` AppError for a blank text. */
export function paperFromPlainText(text: string, options: { id: string; where: string }): Paper {
  const normalized = storableText(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
  if (normalized.trim().length === 0) {
    throw invalidInputError({
      where: options.where,
      message: 'file is empty',
      fix: 'Check that this is the right file and that it was written completely.',
    });
  }
  const layout = layOutPlainText(
    normalized.split('\n').map((line) => ({ text: line, page: null })),
  );
  return {
    id: options.id,
    title: layout.title,
    abstract: layout.abstract,
    year: null,
    authors: [],
    url: null,
    source: 'text',
    ...assembleParagraphSections(layout.sections),
    extra: {},
  };
}
