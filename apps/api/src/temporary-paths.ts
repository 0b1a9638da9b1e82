/**
 * @module Keeps the server's temporary folder out of what clients read: an uploaded paper is
 * ingested from a private temporary copy, and an error about that copy must not tell the client
 * where the server keeps its files. Any path under the temporary folder — as written, as a
 * `file://` URL, or percent-encoded — becomes "a temporary file".
 */
import { tmpdir } from 'node:os';

/** What a client reads in place of a temporary path. */
export const temporaryPathStandIn = 'a temporary file';

/** A character that ends a path inside a message: space, quotes, brackets, comma, semicolon. */
const pathEnd = /[\s'"()<>[\]{},;]/;
const fileUrlPrefix = 'file://';

function spellings(folder: string): string[] {
  const withSlashes = folder.replace(/\\/g, '/');
  return [
    ...new Set([folder, withSlashes, encodeURI(withSlashes), encodeURIComponent(withSlashes)]),
  ];
}

function hideSpelling(text: string, spelling: string): string {
  let result = '';
  let from = 0;
  for (let at = text.indexOf(spelling); at >= 0; at = text.indexOf(spelling, from)) {
    let end = at + spelling.length;
    const next = text[end];
    const previous = text[at - 1];
    const startsPath =
      previous === undefined || pathEnd.test(previous) || text.slice(0, at).endsWith(fileUrlPrefix);
    // "/tmpfoo" and "/var/tmp" are not under "/tmp"; "/tmp", "/tmp/…" and "/tmp%2F…" are.
    const endsFolder = next === undefined || /[\\/%]/.test(next) || pathEnd.test(next);
    if (!startsPath || !endsFolder) {
      result += text.slice(from, end);
      from = end;
      continue;
    }
    while (end < text.length && !pathEnd.test(text[end] ?? '')) end += 1;
    const start = text.slice(0, at).endsWith(fileUrlPrefix) ? at - fileUrlPrefix.length : at;
    result += `${text.slice(from, start)}${temporaryPathStandIn}`;
    from = end;
  }
  return result + text.slice(from);
}

/** `text` with every path under `folder` (default: the system's temporary folder) replaced. */
export function hideTemporaryPaths(text: string, folder: string = tmpdir()): string {
  const trimmed = folder.replace(/[\\/]+$/, '');
  if (trimmed === '') return text;
  return spellings(trimmed).reduce(hideSpelling, text);
}
