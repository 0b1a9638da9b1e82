/**
 * @module Gives papers already stored a human-readable title when theirs is not one (a SciREX
 * document id, "about:blank", "Appendix"…; see parse/paper-title.ts), from their stored text. Only
 * the title changes: frames, questions, annotations and vectors stay; the old title is kept in
 * `extra.sourceTitle`. On PostgreSQL the paper's answer-search rows, whose title field holds the
 * old title, are dropped with it (migrations/0014) and written again by the search catch-up. Cheap enough to run at every server start: a keyset-paged read of ids and
 * titles, and a text read only for the papers it changes.
 */
import type { Store } from '@quarry/store';
import { isReadableTitle, openingTextOf, readableTitle } from './parse/paper-title.js';

/** Titles read per query while looking for unreadable ones. */
const defaultPageSize = 500;

export interface RetitledPaper {
  id: string;
  from: string;
  to: string;
}

export async function repairPaperTitles(options: {
  store: Store;
  pageSize?: number;
}): Promise<{ checked: number; retitled: RetitledPaper[] }> {
  const { store } = options;
  const pageSize = options.pageSize ?? defaultPageSize;
  const unreadable: { id: string; title: string }[] = [];
  let checked = 0;
  for (let afterId = ''; ;) {
    const page = await store.papers.titles({ afterId, limit: pageSize });
    checked += page.length;
    for (const paper of page) if (!isReadableTitle(paper.title, paper.id)) unreadable.push(paper);
    const last = page[page.length - 1];
    if (last === undefined || page.length < pageSize) break;
    afterId = last.id;
  }
  const retitled: RetitledPaper[] = [];
  for (const { id, title } of unreadable) {
    const paper = await store.papers.get(id);
    if (paper === null) continue;
    const frames = await store.papers.frames(id);
    const derived = readableTitle({
      id,
      title,
      openingText: openingTextOf({ text: paper.text, sentences: frames }),
      text: paper.text,
      runIn: paper.source === 'scirex' && paper.sections.length === 1,
    });
    if (derived.title === title) continue;
    await store.papers.retitle({
      id,
      title: derived.title,
      extra: { titleSource: derived.source, sourceTitle: title },
    });
    retitled.push({ id, from: title, to: derived.title });
  }
  return { checked, retitled };
}
