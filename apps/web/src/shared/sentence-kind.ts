/**
 * @module What a quoted sentence is, when it is not running text: a hit on a table row, a caption
 * or a footnote is said to be one, so a reader does not take a row's "Model · F1 91.2" for prose.
 */
import type { SectionKind } from '@quarry/core';

const labels: Partial<Record<SectionKind, string>> = {
  table: 'table row',
  caption: 'caption',
  footnote: 'footnote',
};

/** The label of a sentence's kind, or null for running text and unknown kinds. */
export function sentenceKindLabel(kind: SectionKind | undefined): string | null {
  return kind === undefined ? null : (labels[kind] ?? null);
}
