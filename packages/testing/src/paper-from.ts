/**
 * @module Small hand-written papers for tests: sections of sentences laid out with the character
 * offsets the ingest parsers would give them.
 */
import type { Paper, Sentence } from '@quarry/core';

export function paperFrom(options: {
  id: string;
  title: string;
  year: number | null;
  sections: { title: string; sentences: string[] }[];
}): Paper {
  const sentences: Sentence[] = [];
  const parts: string[] = [];
  let offset = 0;
  for (const [sectionIndex, section] of options.sections.entries()) {
    if (parts.length > 0) {
      parts.push('\n\n');
      offset += 2;
    }
    for (const [position, text] of section.sentences.entries()) {
      if (position > 0) {
        parts.push(' ');
        offset += 1;
      }
      sentences.push({
        index: sentences.length,
        sectionIndex,
        text,
        charStart: offset,
        charEnd: offset + text.length,
        sourceIndex: sentences.length,
        page: null,
      });
      parts.push(text);
      offset += text.length;
    }
  }
  return {
    id: options.id,
    title: options.title,
    abstract: null,
    year: options.year,
    authors: [],
    url: null,
    source: 'text',
    text: parts.join(''),
    sections: options.sections.map((section, index) => ({ index, title: section.title })),
    sentences,
    extra: {},
  };
}
