/**
 * @module Where the LangChain adapters get the frame index from: the index itself, or a getter for
 * one that loads in the background (as `quarry serve` does) and may not be ready yet. Also the
 * paper-id check the answer tools share, so an unknown id is an error that names the field rather
 * than an empty result.
 */
import { AppError } from '@quarry/core';
import type { FrameIndex } from '@quarry/frames';

/** A frame index, or a getter that returns null while the index is still loading. */
export type FrameIndexSource = FrameIndex | (() => FrameIndex | null);

/** How many known paper ids an unknown-paper error lists, to help the caller pick a real one. */
const listedPaperIds = 10;

/** The frame index now; an AppError `unsupported` while a getter still returns null. */
export function resolveFrameIndex(source: FrameIndexSource): FrameIndex {
  const index = typeof source === 'function' ? source() : source;
  if (index === null) {
    throw new AppError({
      code: 'unsupported',
      message: 'the answer index is still loading',
      fix: 'try again in a moment, or run `quarry index` once after ingesting papers',
    });
  }
  return index;
}

/** Throws an AppError `not_found` naming `field` when the index holds no paper with this id. */
export function checkPaperId(options: { index: FrameIndex; paperId: string; field: string }): void {
  const { index, paperId, field } = options;
  if (index.paperRange(paperId) !== undefined) return;
  const known = index.paperIds();
  const examples = known.slice(0, listedPaperIds).map((id) => JSON.stringify(id));
  const more = known.length > listedPaperIds ? `, … (${known.length} papers)` : '';
  throw new AppError({
    code: 'not_found',
    where: `${field} ${JSON.stringify(paperId)}`,
    message: 'no paper with this id is in the answer index',
    fix:
      known.length === 0
        ? 'no papers are indexed: ingest papers and run `quarry index`'
        : `use one of ${examples.join(', ')}${more}`,
  });
}
