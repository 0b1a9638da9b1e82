/**
 * @module What a server holds, sampled over its own API before a benchmark: paper ids (GET
 * /api/papers) and dataset ids (GET /api/datasets), so the generated requests name real records.
 */

export interface ServerContent {
  paperIds: string[];
  datasetIds: string[];
}

async function getJson(url: string, token: string | null): Promise<unknown> {
  try {
    const response = await fetch(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(30_000),
    });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

function idsOf(body: unknown, field: string): string[] {
  if (typeof body !== 'object' || body === null || !(field in body)) return [];
  const list = (body as Record<string, unknown>)[field];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) =>
    typeof item === 'object' && item !== null && 'id' in item && typeof item.id === 'string'
      ? [item.id]
      : [],
  );
}

export async function discoverServerContent(options: {
  url: string;
  token: string | null;
  /** Most papers and datasets to sample (default 400 each). */
  limit?: number;
}): Promise<ServerContent> {
  const limit = options.limit ?? 400;
  const paperIds: string[] = [];
  for (let offset = 0; offset < limit; offset += 200) {
    const page = idsOf(
      await getJson(`${options.url}/api/papers?limit=200&offset=${offset}`, options.token),
      'papers',
    );
    paperIds.push(...page);
    if (page.length < 200) break;
  }
  const datasetIds: string[] = [];
  for (let offset = 0; offset < limit; offset += 100) {
    const page = idsOf(
      await getJson(`${options.url}/api/datasets?limit=100&offset=${offset}`, options.token),
      'datasets',
    );
    datasetIds.push(...page);
    if (page.length < 100) break;
  }
  return { paperIds, datasetIds };
}
