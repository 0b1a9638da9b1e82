/**
 * @module The row predicate of an answer-search filter (papers, section, years) over a frame
 * index's rows; it also drops frames that cannot answer a question (headings, fragments).
 */
import type { FrameFilter, IndexedFrame } from './indexed-frame.js';

export function frameAcceptor(options: {
  frames: readonly IndexedFrame[];
  /** 1 for rows a question may be answered by. */
  answerable: Uint8Array;
  filter: FrameFilter;
}): (row: number) => boolean {
  const { frames, answerable, filter } = options;
  const papers = filter.paperIds ? new Set(filter.paperIds) : undefined;
  const section = filter.section?.trim().toLowerCase() || undefined;
  const { yearFrom, yearTo } = filter;
  if (!papers && !section && yearFrom === undefined && yearTo === undefined) {
    return (row) => answerable[row] === 1;
  }
  return (row) => {
    const frame = frames[row];
    if (!frame || answerable[row] !== 1) return false;
    if (papers && !papers.has(frame.paperId)) return false;
    if (section && !frame.sectionTitle.toLowerCase().includes(section)) return false;
    if (yearFrom !== undefined || yearTo !== undefined) {
      if (frame.paperYear === null) return false;
      if (yearFrom !== undefined && frame.paperYear < yearFrom) return false;
      if (yearTo !== undefined && frame.paperYear > yearTo) return false;
    }
    return true;
  };
}
