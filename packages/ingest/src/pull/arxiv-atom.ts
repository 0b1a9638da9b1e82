/**
 * @module Reads the arXiv API's Atom feed (RFC 4287 with arXiv's extensions): per `<entry>` the
 * abs URL with its version, title, abstract (`summary`), dates, authors and primary category. The
 * feed is machine-written and flat, so the elements are read with patterns rather than a general
 * XML parser (none is a dependency); entities and CDATA are decoded. arXiv reports a bad id as an
 * entry titled "Error" whose id is under `/api/errors`; such entries come back as errors.
 */
import { AppError } from '@quarry/core';
import type { ParseResult } from '../parse/parse-result.js';
import { failedRecord, parseRecordSafely } from '../parse/parse-result.js';
import { parseArxivId } from './arxiv-id.js';

export interface ArxivEntry {
  /** Versionless id. */
  id: string;
  version: number;
  /** `https://arxiv.org/abs/<id>` as the feed gives it (with its version). */
  absUrl: string;
  title: string;
  abstract: string;
  /** ISO 8601 date of the first version. */
  published: string | null;
  updated: string | null;
  authors: string[];
  primaryCategory: string | null;
}

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

export function decodeXmlText(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, data: string) =>
      data.replace(/&/g, '&amp;').replace(/</g, '&lt;'),
    )
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return namedEntities[name.toLowerCase()] ?? whole;
    });
}

function elementTexts(xml: string, name: string): string[] {
  const pattern = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => decodeXmlText(match[1] ?? ''));
}

function firstText(xml: string, name: string): string | null {
  return elementTexts(xml, name)[0] ?? null;
}

function collapseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function entryFromXml(xml: string, where: string): ArxivEntry {
  const idUrl = collapseSpace(firstText(xml, 'id') ?? '');
  const title = collapseSpace(firstText(xml, 'title') ?? '');
  const summary = collapseSpace(firstText(xml, 'summary') ?? '');
  if (/\/api\/errors/.test(idUrl) || (title === 'Error' && /\/api\//.test(idUrl))) {
    throw new AppError({
      code: 'invalid_input',
      message: `arXiv reports an error: ${summary || 'no detail'}`,
      where,
      fix: 'check the arXiv id',
    });
  }
  if (idUrl === '') {
    throw new AppError({
      code: 'invalid_input',
      message: 'entry has no <id>',
      where,
      fix: 'skipped',
    });
  }
  const parsed = parseArxivId(idUrl, where);
  if (title === '') {
    throw new AppError({
      code: 'not_found',
      message: `arXiv has no paper ${parsed.id} (the entry has no title)`,
      where,
      fix: 'check the arXiv id',
    });
  }
  const primary = /<arxiv:primary_category\b[^>]*\bterm="([^"]*)"/.exec(xml)?.[1] ?? null;
  const authors = [...xml.matchAll(/<author\b[^>]*>([\s\S]*?)<\/author>/g)]
    .map((match) => collapseSpace(firstText(match[1] ?? '', 'name') ?? ''))
    .filter((name) => name !== '');
  return {
    id: parsed.id,
    version: parsed.version ?? 1,
    absUrl: idUrl,
    title,
    abstract: summary,
    published: firstText(xml, 'published')?.trim() ?? null,
    updated: firstText(xml, 'updated')?.trim() ?? null,
    authors,
    primaryCategory: primary === null ? null : decodeXmlText(primary),
  };
}

/** One result per `<entry>` of the feed; `where` names the request and the entry. */
export function parseArxivFeed(xml: string, where: string): ParseResult<ArxivEntry>[] {
  if (!/<feed\b/.test(xml)) {
    return [
      failedRecord({
        where,
        message: 'arXiv answered with something that is not an Atom feed',
        fix: 'check QUARRY_ARXIV_API_URL; run the pull again to retry',
      }),
    ];
  }
  const entries = [...xml.matchAll(/<entry\b[^>]*>([\s\S]*?)<\/entry>/g)];
  return entries.map((match, position) => {
    const entryWhere = `${where} entry ${position + 1}`;
    return parseRecordSafely(entryWhere, () => entryFromXml(match[1] ?? '', entryWhere));
  });
}
