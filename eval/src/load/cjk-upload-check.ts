/**
 * @module The CJK file-name check of the hostile benchmark: two different papers uploaded as
 * `データセット論文.txt` and `数据集论文.txt` must become two papers (not one overwriting the
 * other, as a file-name sanitiser that drops every non-Latin character would make them).
 */
import { generatePaper, paperUploadForm } from './generated-paper.js';
import type { VirtualClient } from './virtual-client.js';

export interface CjkUploadCheck {
  statuses: number[];
  paperIds: (string | null)[];
  /** Both uploads answered 2xx, with different paper ids, each readable with its own title. */
  twoPapers: boolean;
  note: string;
}

function firstPaperOf(body: unknown): { id: string; title: string } | null {
  if (typeof body !== 'object' || body === null || !('papers' in body)) return null;
  const papers = body.papers;
  if (!Array.isArray(papers)) return null;
  const first: unknown = papers[0];
  if (typeof first !== 'object' || first === null) return null;
  const record = first as Record<string, unknown>;
  return typeof record['id'] === 'string'
    ? { id: record['id'], title: typeof record['title'] === 'string' ? record['title'] : '' }
    : null;
}

export async function checkCjkUploads(options: {
  client: VirtualClient;
  random: () => number;
  runKey: string;
}): Promise<CjkUploadCheck> {
  const names = ['データセット論文.txt', '数据集论文.txt'];
  const statuses: number[] = [];
  const stored: ({ id: string; title: string } | null)[] = [];
  const titles: string[] = [];
  for (const [position, fileName] of names.entries()) {
    const paper = generatePaper({
      uniqueKey: `${options.runKey}-cjk${position}`,
      random: options.random,
      fileName,
    });
    titles.push(paper.title);
    const outcome = await options.client.send(
      {
        route: 'POST /api/papers',
        requestClass: 'cjk-upload',
        method: 'POST',
        path: '/api/papers',
        body: paperUploadForm(paper),
        timeoutMs: 120_000,
      },
      { keepJson: true },
    );
    statuses.push(outcome.status);
    stored.push(outcome.status >= 200 && outcome.status < 300 ? firstPaperOf(outcome.json) : null);
  }
  const ids = stored.map((paper) => paper?.id ?? null);
  if (ids.some((id) => id === null))
    return { statuses, paperIds: ids, twoPapers: false, note: 'an upload was not stored' };
  if (ids[0] === ids[1])
    return {
      statuses,
      paperIds: ids,
      twoPapers: false,
      note: `both uploads were stored as paper "${ids[0]}" (the second replaced the first)`,
    };
  for (const [position, id] of ids.entries()) {
    const outcome = await options.client.send(
      {
        route: 'GET /api/papers/:id',
        requestClass: 'cjk-upload',
        method: 'GET',
        path: `/api/papers/${encodeURIComponent(id ?? '')}`,
      },
      { keepJson: true },
    );
    const title =
      typeof outcome.json === 'object' && outcome.json !== null && 'title' in outcome.json
        ? outcome.json.title
        : null;
    if (outcome.status !== 200 || title !== titles[position])
      return {
        statuses,
        paperIds: ids,
        twoPapers: false,
        note: `paper "${id}" answered ${outcome.status} with title ${JSON.stringify(title)}`,
      };
  }
  return { statuses, paperIds: ids, twoPapers: true, note: 'two papers, each with its own title' };
}
