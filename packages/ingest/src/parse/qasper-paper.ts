/**
 * @module QASPER papers (Dasigi et al., NAACL 2021): one JSON object keyed by arXiv id, each paper
 * with title, abstract, full_text [{section_name, paragraphs}] and qas. One result per paper; the
 * questions and answers are kept in `extra.qas`.
 */

import type { Paper } from '@quarry/core';
import { assembleParagraphSections } from './paper-text-builder.js';
import type { ParagraphSection } from './paper-text-builder.js';
import { parseRecordSafely } from './parse-result.js';
import type { ParseResult } from './parse-result.js';
import { describeJsonType, isPlainObject, RecordFields } from './record-fields.js';

const arxivIdPattern = /^\d{4}\.\d{4,5}(?:v\d+)?$/;

/** True for a JSON object shaped like a QASPER collection: every value is a paper with `full_text`. */
export function isQasperCollectionShape(value: Record<string, unknown>): boolean {
  const papers = Object.values(value);
  return papers.length > 0 && papers.every((paper) => isPlainObject(paper) && 'full_text' in paper);
}

function readFullText(fields: RecordFields, where: string): ParagraphSection[] {
  const value = fields.raw('full_text');
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw fields.invalidField(
      'full_text',
      `must be a list but is ${describeJsonType(value)}`,
      'a list of {section_name, paragraphs} objects',
    );
  }
  return value.map((item: unknown, position): ParagraphSection => {
    const section = new RecordFields({
      value: item,
      where,
      formatName: 'QASPER',
      fieldPrefix: `full_text[${position}].`,
    });
    const title = section.optionalString('section_name');
    const paragraphs = section.raw('paragraphs') ?? [];
    if (
      !Array.isArray(paragraphs) ||
      paragraphs.some((paragraph) => typeof paragraph !== 'string')
    ) {
      throw section.invalidField(
        'paragraphs',
        'must be a list of strings',
        'a list of paragraph strings',
      );
    }
    return {
      title: title ?? 'Untitled section',
      paragraphs: (paragraphs as string[]).map((text) => ({ text })),
    };
  });
}

/** Converts one QASPER paper; throws an `invalid_input` AppError naming the bad field. */
export function paperFromQasperEntry(paperId: string, value: unknown, where: string): Paper {
  const fields = new RecordFields({ value, where, formatName: 'QASPER' });
  const title = fields.optionalString('title');
  const abstract = fields.optionalString('abstract');
  const bodySections = readFullText(fields, where);
  const sections: ParagraphSection[] = abstract
    ? [{ title: 'Abstract', paragraphs: [{ text: abstract }] }, ...bodySections]
    : bodySections;
  const qas = fields.raw('qas');
  if (qas !== undefined && qas !== null && !Array.isArray(qas)) {
    throw fields.invalidField(
      'qas',
      `must be a list but is ${describeJsonType(qas)}`,
      'a list of questions',
    );
  }
  return {
    id: paperId,
    title: title ?? paperId,
    abstract,
    year: null,
    authors: [],
    url: arxivIdPattern.test(paperId) ? `https://arxiv.org/abs/${paperId}` : null,
    source: 'qasper',
    ...assembleParagraphSections(sections),
    extra: { ...fields.unreadFields(), qas: qas ?? [] },
  };
}

/** Yields one result per paper of a QASPER collection object; `where` is `file#paper <id>`. */
export function* papersFromQasperCollection(
  collection: Record<string, unknown>,
  fileLocation: string,
): Generator<ParseResult<Paper>> {
  for (const [paperId, value] of Object.entries(collection)) {
    const where = `${fileLocation}#paper ${paperId}`;
    yield parseRecordSafely(where, () => paperFromQasperEntry(paperId, value, where));
  }
}
