/**
 * @module What became of each reference sentence in a paper's stored sentences, for the text
 * fidelity of `quarry eval pdfs` (docs/BENCHMARKS.md section 3b). Both sides are normalised as
 * sentence-match.ts does; then a reference is
 * - `intact`: equal to one stored sentence;
 * - `split`: else equal to 2 to 4 consecutive stored sentences joined by spaces;
 * - `merged`: else inside a longer stored sentence. Its `mergedWith` says with what: `caption` or
 *   `footnote` when most words of the extra text belong to one caption or footnote text of the
 *   paper (caption-footnote-texts.jsonl), else `other` (a heading, a neighbour, a page header);
 * - `lost`: none of these. A lost reference is `near` when its letters and digits alone occur in 1
 *   to 4 consecutive stored sentences: only spacing, punctuation, hyphenation or a glued neighbour
 *   differ, the words are all there.
 */
import type {
  BenchmarkPaper,
  CaptionFootnoteText,
  ReferenceSentence,
} from './pdf-benchmark-files.js';
import { normaliseSentence } from './sentence-match.js';

export const referenceClasses = ['intact', 'split', 'merged', 'lost'] as const;
export type ReferenceClass = (typeof referenceClasses)[number];
export const mergedWithKinds = ['caption', 'footnote', 'other'] as const;
export type MergedWith = (typeof mergedWithKinds)[number];

export interface ReferenceVerdict {
  class: ReferenceClass;
  /** For `merged`: what the extra text came from. */
  mergedWith: MergedWith | null;
  /** For `lost`: whether its letters and digits occur in 1 to 4 consecutive stored sentences. */
  near: boolean;
  /**
   * The stored sentence(s) it was found in (joined by " | " when split; for a near loss the
   * sentences holding its letters and digits); null when lost and not near.
   */
  stored: string | null;
}

/** Longest run of consecutive stored sentences a split reference may be spread over. */
const widestSplit = 4;
/** Fewest extra words that can be told to come from a caption or footnote. */
const shortestAsideExtra = 3;
/** Share of the extra text's words that must belong to one caption or footnote. */
const asideWordShare = 0.5;

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

function lettersAndDigits(normalised: string): string {
  return normalised.replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A paper's stored sentences, normalised once for every reference of the paper. */
export interface StoredPaperSentences {
  texts: readonly string[];
  normalised: readonly string[];
  exact: ReadonlySet<string>;
}

export function storedPaperSentences(texts: readonly string[]): StoredPaperSentences {
  const normalised = texts.map(normaliseSentence);
  return { texts, normalised, exact: new Set(normalised) };
}

/** What the extra words of a merged sentence came from. */
function mergedWith(options: {
  extra: string;
  asides: readonly { kind: 'caption' | 'footnote'; words: ReadonlySet<string> }[];
}): MergedWith {
  const extraWords = words(options.extra);
  // A list marker ("2.", "(A)") or one stray word says nothing about where it came from.
  if (extraWords.length < shortestAsideExtra) return 'other';
  let best: { kind: MergedWith; share: number } = { kind: 'other', share: 0 };
  for (const aside of options.asides) {
    const share = extraWords.filter((word) => aside.words.has(word)).length / extraWords.length;
    if (share > best.share) best = { kind: aside.kind, share };
  }
  return best.share >= asideWordShare ? best.kind : 'other';
}

/** Classifies one reference sentence against its paper's stored sentences. */
export function classifyReference(options: {
  sentence: string;
  stored: StoredPaperSentences;
  /** The paper's caption and footnote texts. */
  asides?: readonly { kind: 'caption' | 'footnote'; text: string }[];
}): ReferenceVerdict {
  const reference = normaliseSentence(options.sentence);
  const { texts, normalised, exact } = options.stored;
  const found = (stored: string | null): Omit<ReferenceVerdict, 'class'> => ({
    mergedWith: null,
    near: false,
    stored,
  });
  if (exact.has(reference)) return { class: 'intact', ...found(options.sentence) };
  for (let start = 0; start < normalised.length; start += 1) {
    let joined = normalised[start] ?? '';
    if (!reference.startsWith(joined)) continue;
    for (let width = 2; width <= widestSplit && start + width <= normalised.length; width += 1) {
      joined = `${joined} ${normalised[start + width - 1] ?? ''}`;
      if (joined === reference) {
        const parts = texts.slice(start, start + width).join(' | ');
        return { class: 'split', ...found(parts) };
      }
      if (!reference.startsWith(joined)) break;
    }
  }
  const container = normalised.findIndex(
    (stored) => stored.length > reference.length && stored.includes(reference),
  );
  if (container >= 0) {
    const stored = normalised[container] ?? '';
    const extra = stored.replace(reference, ' ');
    const asides = (options.asides ?? []).map((aside) => ({
      kind: aside.kind,
      words: new Set(words(normaliseSentence(aside.text))),
    }));
    return {
      class: 'merged',
      mergedWith: mergedWith({ extra, asides }),
      near: false,
      stored: texts[container] ?? null,
    };
  }
  const squashed = lettersAndDigits(reference);
  const squashedStored = normalised.map(lettersAndDigits);
  // The narrowest run of stored sentences that holds it.
  for (let width = 1; width <= widestSplit && squashed !== ''; width += 1) {
    for (let start = 0; start + width <= squashedStored.length; start += 1) {
      if (
        squashedStored
          .slice(start, start + width)
          .join('')
          .includes(squashed)
      ) {
        const window = texts.slice(start, start + width).join(' | ');
        return { class: 'lost', mergedWith: null, near: true, stored: window };
      }
    }
  }
  return { class: 'lost', mergedWith: null, near: false, stored: null };
}

export interface ReferenceClassCounts {
  references: number;
  intact: number;
  split: number;
  merged: number;
  mergedWithCaption: number;
  mergedWithFootnote: number;
  mergedWithOther: number;
  lost: number;
  /** Lost references whose letters and digits are all stored (spacing or punctuation differ). */
  lostNear: number;
  /** Percentages of `references` (one decimal); null without references. */
  intactPercent: number | null;
  splitPercent: number | null;
  mergedPercent: number | null;
  lostPercent: number | null;
}

function percentOf(count: number, total: number): number | null {
  return total === 0 ? null : Math.round((count / total) * 1000) / 10;
}

/** Counts and rates of a list of verdicts. */
export function countReferenceClasses(verdicts: readonly ReferenceVerdict[]): ReferenceClassCounts {
  const count = (test: (verdict: ReferenceVerdict) => boolean) => verdicts.filter(test).length;
  const intact = count((verdict) => verdict.class === 'intact');
  const split = count((verdict) => verdict.class === 'split');
  const merged = count((verdict) => verdict.class === 'merged');
  const lost = count((verdict) => verdict.class === 'lost');
  const references = verdicts.length;
  return {
    references,
    intact,
    split,
    merged,
    mergedWithCaption: count((verdict) => verdict.mergedWith === 'caption'),
    mergedWithFootnote: count((verdict) => verdict.mergedWith === 'footnote'),
    mergedWithOther: count((verdict) => verdict.mergedWith === 'other'),
    lost,
    lostNear: count((verdict) => verdict.class === 'lost' && verdict.near),
    intactPercent: percentOf(intact, references),
    splitPercent: percentOf(split, references),
    mergedPercent: percentOf(merged, references),
    lostPercent: percentOf(lost, references),
  };
}

/** Counts per value of `groupOf` (e.g. a paper's template or layout), keys sorted. */
export function countReferenceClassesBy(options: {
  verdicts: readonly { file: string; verdict: ReferenceVerdict }[];
  groupOf: (file: string) => string | undefined;
}): Record<string, ReferenceClassCounts> {
  const groups = new Map<string, ReferenceVerdict[]>();
  for (const { file, verdict } of options.verdicts) {
    const group = options.groupOf(file) ?? 'unknown';
    groups.set(group, [...(groups.get(group) ?? []), verdict]);
  }
  return Object.fromEntries(
    [...groups.keys()]
      .sort()
      .map((group) => [group, countReferenceClasses(groups.get(group) ?? [])]),
  );
}

export interface ReferenceFidelity extends ReferenceClassCounts {
  /** By the manifest's `template` and `layout` of each paper; empty without a manifest. */
  byTemplate: Record<string, ReferenceClassCounts>;
  byLayout: Record<string, ReferenceClassCounts>;
  /** One entry per reference sentence, in order, for error analysis. */
  perReference: (ReferenceSentence & ReferenceVerdict)[];
}

/**
 * Classifies every reference sentence against the stored sentences of its file (a reference of a
 * file that was not ingested is lost), with counts overall and by template and layout.
 */
export function referenceFidelity(options: {
  storedSentencesByFile: ReadonlyMap<string, readonly string[]>;
  references: readonly ReferenceSentence[];
  captionFootnoteTexts?: readonly CaptionFootnoteText[];
  papers?: readonly BenchmarkPaper[];
}): ReferenceFidelity {
  const storedByFile = new Map<string, StoredPaperSentences>();
  const storedOf = (file: string): StoredPaperSentences => {
    let stored = storedByFile.get(file);
    if (stored === undefined) {
      stored = storedPaperSentences(options.storedSentencesByFile.get(file) ?? []);
      storedByFile.set(file, stored);
    }
    return stored;
  };
  const perReference = options.references.map((reference) => ({
    ...reference,
    ...classifyReference({
      sentence: reference.sentence,
      stored: storedOf(reference.file),
      asides: (options.captionFootnoteTexts ?? []).filter((text) => text.file === reference.file),
    }),
  }));
  const papers = new Map((options.papers ?? []).map((paper) => [paper.file, paper]));
  const verdicts = perReference.map((entry) => ({ file: entry.file, verdict: entry }));
  const grouped = (field: 'template' | 'layout') =>
    papers.size === 0
      ? {}
      : countReferenceClassesBy({
          verdicts,
          groupOf: (file) => papers.get(file)?.[field] ?? undefined,
        });
  return {
    ...countReferenceClasses(perReference),
    byTemplate: grouped('template'),
    byLayout: grouped('layout'),
    perReference,
  };
}
