/**
 * @module The task names of the shipped starter catalog: product knowledge the agent's task
 * taxonomy uses on top of the catalog's own task names (the DataFinder collection has none).
 */
import { existsSync } from 'node:fs';
import { parseDatasetFile } from '@quarry/ingest';

export async function starterTaskNames(starterCatalog: string): Promise<string[]> {
  if (!existsSync(starterCatalog)) return [];
  const names = new Set<string>();
  for await (const result of parseDatasetFile(starterCatalog)) {
    if (result.ok) for (const task of result.value.tasks) names.add(task);
  }
  return [...names];
}
