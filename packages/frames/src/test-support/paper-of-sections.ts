/** @module A paper of one sentence per section, in the order given, for in-paper search tests. */
import type { Paper, Section } from '@quarry/core';

export interface OneSentenceSection {
  title: string;
  kind?: Section['kind'];
  text: string;
}

export function paperOf(id: string, sections: readonly OneSentenceSection[]): Paper {
  let text = '';
  const paper: Paper = {
    id,
    title: 'A tagger for long documents',
    abstract: null,
    year: 2020,
    authors: [],
    url: null,
    source: 'pdf',
    text: '',
    sections: [],
    sentences: [],
    extra: {},
  };
  for (const [index, section] of sections.entries()) {
    paper.sections.push({
      index,
      title: section.title,
      ...(section.kind ? { kind: section.kind } : {}),
    });
    const start = text.length === 0 ? 0 : text.length + 2;
    text = text.length === 0 ? section.text : `${text}\n\n${section.text}`;
    paper.sentences.push({
      index,
      sectionIndex: index,
      text: section.text,
      charStart: start,
      charEnd: start + section.text.length,
      sourceIndex: null,
      page: 1,
    });
  }
  paper.text = text;
  return paper;
}
