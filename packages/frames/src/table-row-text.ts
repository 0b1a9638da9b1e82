/**
 * @module The parts of a table row's sentence, as PDF ingestion writes it (table-rows.ts in
 * @quarry/ingest): "Table 2: caption head · group · row label · Header value · Header value",
 * parts joined by " · ", the group present only under a group title. A numeric part is one whose
 * last words are numbers, marks and at most one unit ("Read Latency (ms) 32.89", "Top 5 (%)
 * 10.2 ± 0.3*", "Rate 718.18 gets/s"). The parts between the caption and the first numeric part
 * after the label slot name the row: a group title, the row label, a cell without a number; the
 * text alone cannot tell a group title from such a cell, so all are kept as the row's names and
 * the last before the numbers is taken as its label. Pure: used to write the questions a row
 * answers and to match a question to a row's cells.
 */

export interface TableRowCell {
  /** The column header ("Read Latency (ms)"). */
  header: string;
  /** The cell ("32.89"). */
  value: string;
}

export interface TableRowParts {
  /** "Table 2". */
  table: string;
  /** The caption's head as the row repeats it ('' when none). */
  caption: string;
  /** The row's names: group title, label, cells without a number, in order. */
  names: string[];
  /** The row's label ("99.9", "PSL-KGI"): its last name. */
  label: string;
  /** The numeric cells with a header, in column order. */
  cells: TableRowCell[];
}

const separator = ' · ';
/** A number with its sign, approximation, percent and footnote marks ("∼0", "-0.29*", "(3.1%)"). */
const numberWord =
  /^[(]?[∼~≈<>≤≥↑↓]?[-+±−]?(?:\d[\d.,]*|\.\d+)(?:%|[kKMB])?[)]?[*†‡§]*$|^[±∼~↑↓]$/u;
/** A unit after a number ("sec", "gets/s", "ms"). */
const unitWord = /^[\p{L}/%]{1,6}$/u;

/** A part's header and its trailing numbers, or null when it ends in no number. */
export function headerAndValue(part: string): TableRowCell | null {
  const words = part.trim().split(/\s+/u);
  let cut = words.length;
  if (cut >= 3 && unitWord.test(words[cut - 1] ?? '') && numberWord.test(words[cut - 2] ?? '')) {
    cut--;
  }
  while (cut > 0 && numberWord.test(words[cut - 1] ?? '')) cut--;
  // A unit with no number before it is a word of the header.
  if (cut >= words.length - 1 && !numberWord.test(words[words.length - 1] ?? '')) return null;
  if (cut === words.length || cut === 0) return null;
  return { header: words.slice(0, cut).join(' '), value: words.slice(cut).join(' ') };
}

/** The parts of a table row's sentence, or null when it has no label or no numeric cell. */
export function tableRowParts(text: string): TableRowParts | null {
  const parts = text.split(separator).map((part) => part.trim());
  if (parts.length < 3) return null;
  const [head = ''] = parts;
  const colon = head.indexOf(':');
  const table = (colon < 0 ? head : head.slice(0, colon)).trim();
  const caption = colon < 0 ? '' : head.slice(colon + 1).trim();
  // The label slot is parts[1]; the first numeric part after it starts the cells.
  let first = -1;
  for (let position = 2; position < parts.length; position++) {
    if (headerAndValue(parts[position] ?? '') !== null) {
      first = position;
      break;
    }
  }
  if (first < 0) return null;
  const names = parts.slice(1, first).filter((part) => part.length > 0);
  const label = names[names.length - 1] ?? '';
  const cells = parts
    .slice(first)
    .map((part) => headerAndValue(part))
    .filter((cell): cell is TableRowCell => cell !== null);
  if (label.length === 0 || cells.length === 0) return null;
  return { table, caption, names, label, cells };
}
