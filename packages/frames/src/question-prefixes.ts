/**
 * @module Autocomplete over the questions an index holds: their texts folded to lower case and
 * sorted, so the questions that start with what was typed are one contiguous range found by
 * binary search, and the shortest of them (then the lowest id, as the store orders them) are kept
 * with a bounded pass over that range, instead of scanning every stored question for each
 * keystroke. Questions are only ever appended to their rows (a removed one leaves a hole): the
 * table sorts the rows it has not seen and merges them in, and an index grown from another starts
 * from that one's table, so a paper added to a large index does not sort every question again.
 * A removal rebuilds the table on the next look-up.
 */
import type { IndexedQuestion } from './indexed-frame.js';

interface Entry {
  key: string;
  question: IndexedQuestion;
  id: number;
}

interface Table {
  /** Entries sorted by key; never changed once built (a grown index shares it). */
  sorted: readonly Entry[];
  /** Rows of the question list the table covers. */
  rows: number;
}

/** Shorter first, then the lower id. */
function before(left: Entry, right: Entry): boolean {
  const byLength = left.question.text.length - right.question.text.length;
  return byLength < 0 || (byLength === 0 && left.id < right.id);
}

const byKey = (left: Entry, right: Entry): number =>
  left.key < right.key ? -1 : left.key > right.key ? 1 : 0;

/** The entries of rows `from` onwards (holes skipped), sorted by key. */
function sortedEntries(rows: readonly (IndexedQuestion | null)[], from: number): Entry[] {
  const entries: Entry[] = [];
  for (let row = from; row < rows.length; row++) {
    const question = rows[row];
    if (question)
      entries.push({ key: question.text.toLowerCase(), question, id: Number(question.id) });
  }
  return entries.sort(byKey);
}

/** Two key-sorted lists as one; on equal keys the older entry first (a stable sort's order). */
function merged(older: readonly Entry[], newer: readonly Entry[]): Entry[] {
  const result = new Array<Entry>(older.length + newer.length);
  let left = 0;
  let right = 0;
  for (let at = 0; at < result.length; at++) {
    result[at] =
      right >= newer.length || (left < older.length && byKey(older[left]!, newer[right]!) <= 0)
        ? older[left++]!
        : newer[right++]!;
  }
  return result;
}

export class QuestionPrefixes {
  private table: Table | null = null;

  /** `rows`: the question list, row by row, a removed question as null. */
  constructor(private readonly rows: () => readonly (IndexedQuestion | null)[]) {}

  /** A question was removed: the table is rebuilt when next asked. */
  invalidate(): void {
    this.table = null;
  }

  /** Starts from `other`'s table: this index's rows begin with the rows `other` covered. */
  startFrom(other: QuestionPrefixes): void {
    this.table = other.table;
  }

  /** Up to `limit` questions starting with `prefix` (case-insensitive), shortest first. */
  withPrefix(prefix: string, limit: number): IndexedQuestion[] {
    const key = prefix.toLowerCase();
    const sorted = this.current();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]!.key < key) low = middle + 1;
      else high = middle;
    }
    // The kept entries, best first (a small sorted list: `limit` is a few dozen).
    const kept: Entry[] = [];
    for (let index = low; index < sorted.length; index++) {
      const entry = sorted[index]!;
      if (!entry.key.startsWith(key)) break;
      if (kept.length === limit && !before(entry, kept[kept.length - 1]!)) continue;
      let at = kept.length;
      while (at > 0 && before(entry, kept[at - 1]!)) at--;
      kept.splice(at, 0, entry);
      if (kept.length > limit) kept.pop();
    }
    return kept.map((entry) => entry.question);
  }

  private current(): readonly Entry[] {
    const rows = this.rows();
    const table = this.table;
    if (table === null || table.rows > rows.length) {
      this.table = { sorted: sortedEntries(rows, 0), rows: rows.length };
    } else if (table.rows < rows.length) {
      this.table = {
        sorted: merged(table.sorted, sortedEntries(rows, table.rows)),
        rows: rows.length,
      };
    }
    return this.table!.sorted;
  }
}
