/**
 * @module `quarry model catalog-vectors [--catalog FILE] [--out FILE] [--model M]`: embeds the dense
 * passage of every dataset of the first-start catalog, as a first start stores it, and writes the
 * passage vector table (encoder's passage-vector-table.ts) that `quarry serve` reads beside the
 * catalog, so a first start does not spend minutes of the transformer's time on the catalog.
 * Run it after changing the catalog or the default model; the file is committed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { embedInBatches } from '@quarry/core';
import { ingestDatasets } from '@quarry/ingest';
import { datasetText, densePassage } from '@quarry/recommender';
import { openStore } from '@quarry/store';
import { printJsonLine } from '../command.js';
import type { CommandContext } from '../command.js';
import { loadConfiguredEmbedder } from '../load-configured-embedder.js';

/** Passages embedded between two progress lines. */
const progressBatch = 256;

/**
 * The dense passages a first start stores for the catalog: the catalog imported as a first start
 * imports it (into a throw-away database), each dataset's passage once.
 */
export async function firstStartPassages(options: {
  catalog: string;
  maxLineBytes: number;
}): Promise<string[]> {
  const folder = await mkdtemp(join(tmpdir(), 'quarry-catalog-passages-'));
  try {
    const store = await openStore({ location: join(folder, 'db') });
    try {
      await ingestDatasets({
        store,
        files: [options.catalog],
        maxLineBytes: options.maxLineBytes,
        mergeSources: false,
      });
      const datasets = await store.datasets.all();
      return [
        ...new Set(datasets.map((dataset) => densePassage(datasetText({ dataset, citances: [] })))),
      ];
    } finally {
      await store.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function writeCatalogVectors(options: {
  context: CommandContext;
  catalog?: string | undefined;
  out?: string | undefined;
  model?: string | undefined;
  json: boolean;
}): Promise<number> {
  const { context } = options;
  const catalog = resolve(options.catalog ?? context.settings.firstStartCatalog);
  const out = resolve(options.out ?? context.settings.catalogVectors[0] ?? 'datasets.vectors');
  const started = performance.now();
  const passages = await firstStartPassages({
    catalog,
    maxLineBytes: context.settings.maxLineBytes,
  });
  const { embedder } = await loadConfiguredEmbedder({
    settings: context.settings,
    io: context.io,
    model: options.model,
  });
  const encoder = await import('@quarry/encoder');
  try {
    const vectors = new Map<string, Float32Array>();
    for (let start = 0; start < passages.length; start += progressBatch) {
      const batch = passages.slice(start, start + progressBatch);
      const embedded = await embedInBatches({ embedder, texts: batch, batchSize: 64 });
      batch.forEach((text, position) => {
        const vector = embedded[position];
        if (vector) vectors.set(encoder.passageKey(text), vector);
      });
      context.io.stderr(`embedded ${vectors.size}/${passages.length} passages\n`);
    }
    await encoder.writePassageVectorTable(out, {
      model: embedder.modelId,
      dimension: embedder.dimension,
      vectors,
    });
    const seconds = (performance.now() - started) / 1000;
    context.io.stderr(`wrote ${vectors.size} vectors of ${embedder.modelId} to ${out}\n`);
    if (options.json) {
      printJsonLine(context.io, {
        passages: vectors.size,
        model: embedder.modelId,
        out,
        seconds: Math.round(seconds * 10) / 10,
      });
    }
    return 0;
  } finally {
    await embedder.close();
  }
}
