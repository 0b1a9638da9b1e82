/**
 * @module Context windows of frames (Talk to Papers / SOCO, section 3: a frame is an answer
 * sentence a with its surrounding context c): the neighbouring sentences of the same paper and
 * section, computed over frames in reading order. A `table` section's sentences are its rows, each
 * already carrying the table's label and caption (table-rows.ts in @quarry/ingest): a row's
 * neighbours are other rows, whose labels and values would blur which row answers, so a table row
 * has no context neighbours.
 */

/** What a context window needs to know about a frame. */
export interface FramePosition {
  paperId: string;
  sectionIndex: number;
  /** The kind of the frame's section; `table` rows stand alone. Absent means `body`. */
  sectionKind?: string;
}

/** Positions [start, end) of a frame's context neighbours, itself excluded. */
export interface ContextWindow {
  start: number;
  end: number;
  /** The frame's own position, which lies inside [start, end) and is not part of its context. */
  self: number;
}

/**
 * One window per frame, for frames in reading order (by paper, then sentence): up to `sentences`
 * neighbours each side within the same paper and section, or the whole section for `section`.
 */
export function contextWindows(
  frames: readonly FramePosition[],
  sentences: number | 'section',
): ContextWindow[] {
  const windows: ContextWindow[] = [];
  let groupStart = 0;
  while (groupStart < frames.length) {
    const first = frames[groupStart];
    let groupEnd = groupStart + 1;
    while (groupEnd < frames.length && sameSection(frames[groupEnd], first)) groupEnd++;
    const standsAlone = first?.sectionKind === 'table';
    for (let position = groupStart; position < groupEnd; position++) {
      windows.push(
        standsAlone
          ? { start: position, end: position + 1, self: position }
          : sentences === 'section'
            ? { start: groupStart, end: groupEnd, self: position }
            : {
                start: Math.max(groupStart, position - sentences),
                end: Math.min(groupEnd, position + sentences + 1),
                self: position,
              },
      );
    }
    groupStart = groupEnd;
  }
  return windows;
}

/** The positions of a window's context sentences, in reading order. */
export function contextPositions(window: ContextWindow): number[] {
  const positions: number[] = [];
  for (let position = window.start; position < window.end; position++) {
    if (position !== window.self) positions.push(position);
  }
  return positions;
}

function sameSection(frame: FramePosition | undefined, other: FramePosition | undefined): boolean {
  return (
    frame !== undefined &&
    other !== undefined &&
    frame.paperId === other.paperId &&
    frame.sectionIndex === other.sectionIndex
  );
}
