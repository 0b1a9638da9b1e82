/**
 * @module Top-k selection: a bounded binary min-heap over typed arrays, so ranking the documents a
 * query touched costs O(n log k) and allocates nothing per candidate.
 */

export interface ScoredItem {
  /** A caller's number for the item (the BM25 index uses its internal document number). */
  item: number;
  score: number;
}

/** Keeps the `capacity` best items offered: higher score first, then lower item number. */
export class TopScores {
  private readonly scores: Float64Array;
  private readonly items: Int32Array;
  private size = 0;

  constructor(readonly capacity: number) {
    this.scores = new Float64Array(capacity);
    this.items = new Int32Array(capacity);
  }

  /** Whether an item with this score and number would be kept if offered now. */
  wouldKeep(item: number, score: number): boolean {
    if (this.size < this.capacity) return this.capacity > 0;
    return isBetter(score, item, this.scores[0] ?? 0, this.items[0] ?? 0);
  }

  offer(item: number, score: number): void {
    if (!this.wouldKeep(item, score)) return;
    if (this.size < this.capacity) {
      this.scores[this.size] = score;
      this.items[this.size] = item;
      this.size++;
      this.siftUp(this.size - 1);
      return;
    }
    this.scores[0] = score;
    this.items[0] = item;
    this.siftDown(0);
  }

  /** The kept items, best first. */
  toSorted(): ScoredItem[] {
    const kept: ScoredItem[] = [];
    for (let index = 0; index < this.size; index++) {
      kept.push({ item: this.items[index] ?? 0, score: this.scores[index] ?? 0 });
    }
    return kept.sort((left, right) => right.score - left.score || left.item - right.item);
  }

  /** The root is the worst kept item, so a parent is never better than its children. */
  private siftUp(start: number): void {
    let child = start;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.isBetterAt(parent, child)) return;
      this.swap(parent, child);
      child = parent;
    }
  }

  private siftDown(start: number): void {
    let parent = start;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let worst = parent;
      if (left < this.size && this.isBetterAt(worst, left)) worst = left;
      if (right < this.size && this.isBetterAt(worst, right)) worst = right;
      if (worst === parent) return;
      this.swap(parent, worst);
      parent = worst;
    }
  }

  private isBetterAt(first: number, second: number): boolean {
    return isBetter(
      this.scores[first] ?? 0,
      this.items[first] ?? 0,
      this.scores[second] ?? 0,
      this.items[second] ?? 0,
    );
  }

  private swap(first: number, second: number): void {
    const score = this.scores[first] ?? 0;
    const item = this.items[first] ?? 0;
    this.scores[first] = this.scores[second] ?? 0;
    this.items[first] = this.items[second] ?? 0;
    this.scores[second] = score;
    this.items[second] = item;
  }
}

function isBetter(score: number, item: number, otherScore: number, otherItem: number): boolean {
  return score > otherScore || (score === otherScore && item < otherItem);
}
