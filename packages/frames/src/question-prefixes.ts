/**
 * @module Autocomplete over the questions an index holds: their texts folded to lower case and
 * sorted once, so the questions that start with what was typed are one contiguous range found by
 * binary search, and the shortest of them (then the lowest id, as the store orders them) are kept
 * with a bounded pass over that range, instead of scanning every stored question for each
 * keystroke. Rebuilt on the next look-up after the questions change.
 */
import type { IndexedQuestion } from './indexed-frame.js';

interface Entry {
  key: string;
  question: IndexedQuestion;
  id: number;
}

/** Shorter first, then the lower id. */
function before(left: Entry, right: Entry): boolean {
  const byLength = left.question.text.length - right.question.text.length;
  return byLength < 0 || (byLength === 0 && left.id < right.id);
}

export class QuestionPrefixes {
  private sorted: Entry[] | null = null;

  constructor(private readonly questions: () => Iterable<IndexedQuestion>) {}

  /** The questions changed: the sorted table is rebuilt when next asked. */
  invalidate(): void {
    this.sorted = null;
  }

  /** Up to `limit` questions starting with `prefix` (case-insensitive), shortest first. */
  withPrefix(prefix: string, limit: number): IndexedQuestion[] {
    const key = prefix.toLowerCase();
    const sorted = this.table();
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

  private table(): Entry[] {
    if (this.sorted === null) {
      const entries: Entry[] = [];
      for (const question of this.questions())
        entries.push({ key: question.text.toLowerCase(), question, id: Number(question.id) });
      entries.sort((left, right) => (left.key < right.key ? -1 : left.key > right.key ? 1 : 0));
      this.sorted = entries;
    }
    return this.sorted;
  }
}
