/**
 * @module S2ORC and doc2json papers (Lo et al., ACL 2020) as core Papers. Three shapes are read:
 * S2ORC releases (`metadata` + `grobid_parse` / `latex_parse`), doc2json PDF output (`title`,
 * `authors`, `pdf_parse`, as in ACL OCL) and flat doc2json output (top-level `abstract` and
 * `body_text`). Paragraph text is kept verbatim; citation, reference and equation spans are kept
 * in `extra` with offsets into `Paper.text`.
 */

import type { Paper } from '@quarry/core';
import { yearFromDate } from './date-fields.js';
import { PaperTextBuilder } from './paper-text-builder.js';
import { describeJsonType, isPlainObject, RecordFields } from './record-fields.js';

interface S2orcParagraph {
  text: string;
  section: string;
  spans: Record<SpanKind, unknown[]>;
}

const spanKinds = ['cite_spans', 'ref_spans', 'eq_spans'] as const;
type SpanKind = (typeof spanKinds)[number];
const spanExtraNames = {
  cite_spans: 'citeSpans',
  ref_spans: 'refSpans',
  eq_spans: 'equationSpans',
} as const satisfies Record<SpanKind, string>;
/** Parses in order of preference: LaTeX is cleaner than GROBID's reading of the PDF. */
const parseFieldNames = ['latex_parse', 'pdf_parse', 'grobid_parse'] as const;
const openingSectionName = 'Body';
const untitledSectionName = 'Untitled section';

/** True for a JSON object shaped like an S2ORC or doc2json paper. */
export function isS2orcDocumentShape(value: Record<string, unknown>): boolean {
  return 'paper_id' in value && !('words' in value);
}

function readParagraphs(fields: RecordFields, fieldName: string): S2orcParagraph[] {
  const value = fields.raw(fieldName);
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw fields.invalidField(
      fieldName,
      `must be a list of paragraphs but is ${describeJsonType(value)}`,
      'a list of {text, section} paragraphs',
    );
  }
  return value.map((item: unknown, position): S2orcParagraph => {
    if (!isPlainObject(item) || typeof item.text !== 'string') {
      throw fields.invalidField(
        `${fieldName}[${position}].text`,
        'is missing or not a string',
        'a list of {text, section} paragraphs',
      );
    }
    const spans = Object.fromEntries(
      spanKinds.map((kind) => [kind, Array.isArray(item[kind]) ? (item[kind] as unknown[]) : []]),
    ) as Record<SpanKind, unknown[]>;
    return {
      text: item.text,
      section: typeof item.section === 'string' ? item.section.trim() : '',
      spans,
    };
  });
}

/** "First Middle Last Suffix" for structured authors; plain strings are kept as they are. */
function authorNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((author: unknown) => {
      if (typeof author === 'string') return author.trim();
      if (!isPlainObject(author)) return '';
      const middle = Array.isArray(author.middle)
        ? author.middle.filter((part) => typeof part === 'string')
        : [];
      return [author.first, ...middle, author.last, author.suffix]
        .filter((part): part is string => typeof part === 'string' && part.trim().length > 0)
        .join(' ')
        .trim();
    })
    .filter((name) => name.length > 0);
}

function paperUrlFromIdentifiers(metadata: Record<string, unknown>): string | null {
  const text = (value: unknown): string | null =>
    typeof value === 'string' && value.trim() ? value.trim() : null;
  const doi = text(metadata.doi);
  if (doi) return `https://doi.org/${doi}`;
  const arxivId = text(metadata.arxiv_id);
  if (arxivId) return `https://arxiv.org/abs/${arxivId}`;
  const aclId = text(metadata.acl_id);
  if (aclId) return `https://aclanthology.org/${aclId}`;
  return null;
}

function yearOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  return typeof value === 'string' ? yearFromDate(value) : null;
}

function withoutEmptyValues(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).filter(
      ([, value]) =>
        value !== null &&
        value !== undefined &&
        value !== '' &&
        !(isPlainObject(value) && Object.keys(value).length === 0),
    ),
  );
}

/**
 * Converts one S2ORC / doc2json paper; throws an `invalid_input` AppError naming the bad field.
 * `fileStem` is the name of the file the paper came from, without extension, when it had its own.
 */
export function paperFromS2orcDocument(
  value: unknown,
  where: string,
  options: { fileStem?: string } = {},
): Paper {
  const fields = new RecordFields({ value, where, formatName: 'S2ORC' });
  const rawId = fields.raw('paper_id');
  const sourcePaperId =
    typeof rawId === 'number' ? String(rawId) : fields.requiredString('paper_id');
  // doc2json cuts the id at the file name's first dot ("2020.acl-main.207.pdf" gives "2020"),
  // which would make many papers collide; the whole file name is the better id then.
  const id = options.fileStem?.startsWith(`${sourcePaperId}.`) ? options.fileStem : sourcePaperId;
  const metadataFields = fields.optionalObject('metadata');
  const metadata = metadataFields?.record ?? fields.record;
  const parseFieldName = parseFieldNames.find((name) => isPlainObject(fields.record[name]));
  const parseFields = parseFieldName ? fields.optionalObject(parseFieldName) : null;
  fields.consume(...parseFieldNames);
  const source = parseFields ?? fields;

  const abstractParagraphs = Array.isArray(source.record.abstract)
    ? readParagraphs(source, 'abstract')
    : [];
  const abstractText =
    abstractParagraphs.length > 0
      ? abstractParagraphs.map((paragraph) => paragraph.text).join('\n\n')
      : typeof metadata.abstract === 'string' && metadata.abstract.trim()
        ? metadata.abstract
        : typeof fields.record.abstract === 'string' && fields.record.abstract.trim()
          ? fields.record.abstract
          : null;
  const abstractSectionParagraphs: S2orcParagraph[] =
    abstractParagraphs.length > 0
      ? abstractParagraphs
      : abstractText
        ? [
            {
              text: abstractText,
              section: 'Abstract',
              spans: { cite_spans: [], ref_spans: [], eq_spans: [] },
            },
          ]
        : [];
  const bodyParagraphs = [
    ...readParagraphs(source, 'body_text'),
    ...readParagraphs(source, 'back_matter'),
  ];

  const builder = new PaperTextBuilder();
  const spansInPaper: Record<SpanKind, unknown[]> = { cite_spans: [], ref_spans: [], eq_spans: [] };
  const appendParagraphWithSpans = (paragraph: S2orcParagraph): void => {
    const paragraphStart = builder.appendParagraph({ text: paragraph.text });
    if (paragraphStart === null) return;
    for (const kind of spanKinds) {
      for (const span of paragraph.spans[kind]) {
        if (!isPlainObject(span) || typeof span.start !== 'number' || typeof span.end !== 'number')
          continue;
        spansInPaper[kind].push({
          ...span,
          start: paragraphStart + span.start,
          end: paragraphStart + span.end,
        });
      }
    }
  };
  if (abstractSectionParagraphs.length > 0) {
    builder.startSection('Abstract');
    abstractSectionParagraphs.forEach(appendParagraphWithSpans);
  }
  let currentSectionName: string | null = null;
  for (const [position, paragraph] of bodyParagraphs.entries()) {
    if (paragraph.section !== currentSectionName) {
      // Unnamed paragraphs at the start are the body's opening; later ones are mostly footnotes.
      builder.startSection(
        paragraph.section || (position === 0 ? openingSectionName : untitledSectionName),
      );
      currentSectionName = paragraph.section;
    }
    appendParagraphWithSpans(paragraph);
  }

  const title = typeof metadata.title === 'string' ? metadata.title.trim() : '';
  fields.consume(
    'paper_id',
    'title',
    'authors',
    'year',
    'abstract',
    'body_text',
    'back_matter',
    'bib_entries',
    'ref_entries',
  );
  metadataFields?.consume('title', 'authors', 'year', 'abstract');
  const spanExtras = Object.fromEntries(
    spanKinds
      .filter((kind) => spansInPaper[kind].length > 0)
      .map((kind) => [spanExtraNames[kind], spansInPaper[kind]]),
  );
  return {
    id,
    title: title || id,
    abstract: abstractText,
    year: yearOf(metadata.year),
    authors: authorNames(metadata.authors),
    url: paperUrlFromIdentifiers(metadata),
    source: 's2orc',
    ...builder.build(),
    extra: withoutEmptyValues({
      ...fields.unreadFields(),
      ...(metadataFields ? metadataFields.unreadFields() : {}),
      ...(id === sourcePaperId ? {} : { sourcePaperId }),
      parsedFrom: parseFieldName ?? 'top-level',
      titleSource: title ? 'metadata' : 'missing',
      bibEntries: source.record.bib_entries,
      refEntries: source.record.ref_entries,
      ...spanExtras,
    }),
  };
}
