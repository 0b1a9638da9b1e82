/**
 * @module The English words of the shipped catalog, for the agent's cognate step
 * (packages/agent/src/understanding/cognates.ts): every word of letters alone, four letters or
 * more, that at least `minTexts` dataset records use (names, variants, tasks, modalities,
 * description), with the number of records. A foreign word is read as an English cognate only
 * when the catalog writes that English, so the table is what the agent can find anyway.
 */
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { parseJsonLines } from '../recommender/text-lines.js';

/** The header line of the tab-separated table. */
export const englishWordsHeader = 'word\ttexts';

const recordFields = ['name', 'full_name', 'variants', 'tasks', 'modalities', 'description'];

function fieldTexts(record: Record<string, unknown>): string[] {
  return recordFields.flatMap((field) => {
    const value = record[field];
    if (typeof value === 'string') return [value];
    if (Array.isArray(value))
      return value.filter((item): item is string => typeof item === 'string');
    return [];
  });
}

/** The table's text: words by descending use, then alphabetically; one `word<TAB>texts` line each. */
export function englishWordsTable(options: { texts: readonly string[]; minTexts: number }): string {
  const counts = new Map<string, number>();
  for (const text of options.texts) {
    const words = new Set(text.toLowerCase().match(/\b[a-z]{4,}\b/gu) ?? []);
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const kept = [...counts].filter(([, texts]) => texts >= options.minTexts);
  kept.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return (
    [englishWordsHeader, ...kept.map(([word, texts]) => `${word}\t${texts}`)].join('\n') + '\n'
  );
}

/** The records' texts of a JSON Lines catalog, gzip or plain. */
export function catalogRecordTexts(path: string): string[] {
  const bytes = readFileSync(path);
  const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString(
    'utf8',
  );
  return parseJsonLines({ text, file: path }).map(({ value }) =>
    fieldTexts(value as Record<string, unknown>).join('\n'),
  );
}
