/**
 * @module A recommendation list as files: BibTeX entries for the papers that introduced the
 * datasets, and a CSV of the datasets (RFC 4180 quoting; a cell that a spreadsheet would run as a
 * formula gets a leading apostrophe). Built in the browser from the cards, downloaded as a Blob.
 */
import { httpUrl } from '../datasets/dataset-links';
import type { DatasetCardData } from '../shared/api-types';

/** BibTeX's special characters, each as text that prints it. */
const bibtexEscapes: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '&': '\\&',
  '#': '\\#',
  $: '\\$',
  _: '\\_',
  '^': '\\textasciicircum{}',
  '~': '\\textasciitilde{}',
};

export function escapeBibtex(text: string): string {
  return text.replace(/[\\{}%&#$_^~]/g, (character) => bibtexEscapes[character] ?? character);
}

/** A URL for a `url = {…}` field: unbalanced braces and backslashes percent-encoded. */
function bibtexUrl(url: string): string {
  return url.replace(/[{}\\]/g, (character) => encodeURIComponent(character));
}

/** `cityscapes2016`: the name's letters and digits, then the year; unique within the file. */
function citeKey(card: DatasetCardData, used: Set<string>): string {
  const base = `${
    card.name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase() || 'dataset'
  }${card.year ?? ''}`;
  let key = base;
  for (let suffix = 2; used.has(key); suffix += 1) key = `${base}-${suffix}`;
  used.add(key);
  return key;
}

/**
 * One `@misc` entry per dataset whose introducing paper is known (by title or URL); the others are
 * listed in a comment at the top, so nothing is silently left out.
 */
export function recommendationsAsBibtex(cards: readonly DatasetCardData[]): string {
  const used = new Set<string>();
  const entries: string[] = [];
  const unknown: string[] = [];
  for (const card of cards) {
    const title = card.paperTitle?.trim();
    const url = httpUrl(card.paperUrl);
    if (!title && !url) {
      unknown.push(card.name);
      continue;
    }
    const fields = [
      `  title = {${escapeBibtex(title ?? `The paper introducing ${card.name}`)}}`,
      ...(card.year === null ? [] : [`  year = {${card.year}}`]),
      ...(url ? [`  url = {${bibtexUrl(url)}}`] : []),
      `  note = {${escapeBibtex(`Introduces the ${card.name} dataset`)}}`,
    ];
    entries.push(`@misc{${citeKey(card, used)},\n${fields.join(',\n')}\n}`);
  }
  const header =
    unknown.length > 0
      ? [`% Introducing paper not known for: ${unknown.join(', ').replace(/[\r\n]+/g, ' ')}`]
      : [];
  return `${[...header, ...entries].join('\n\n')}\n`;
}

const csvColumns = [
  'name',
  'full name',
  'year',
  'modalities',
  'tasks',
  'languages',
  'size',
  'homepage',
  'introduced in',
  'paper url',
  'licence',
  'why it fits',
  'quarry page',
] as const;

/** One CSV cell: quoted when needed, and never a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The datasets as CSV (CRLF line ends, as RFC 4180 has them); `origin` makes page links whole. */
export function recommendationsAsCsv(cards: readonly DatasetCardData[], origin: string): string {
  const rows = cards.map((card) => [
    card.name,
    card.fullName ?? '',
    card.year === null ? '' : String(card.year),
    card.modalities.join('; '),
    card.tasks.join('; '),
    card.languages.join('; '),
    card.size ?? '',
    httpUrl(card.homepage) ?? '',
    card.paperTitle ?? '',
    httpUrl(card.paperUrl) ?? '',
    card.license ?? '',
    card.why,
    `${origin}/datasets/${encodeURIComponent(card.datasetId)}`,
  ]);
  return `${[[...csvColumns], ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Saves `text` as a file named `name` through the browser's download. */
export function downloadText(options: { text: string; name: string; type: string }): void {
  const url = URL.createObjectURL(new Blob([options.text], { type: options.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = options.name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the object URL is no longer needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
