/**
 * @module Which encoder a server answers with when its database was indexed with another model
 * (the default changed under it): the model the stored sentence vectors belong to, while it can
 * still be loaded, so search keeps working with what the database holds until `quarry reindex`
 * brings every vector over; the server says so at start. A model asked for by name (`--model`,
 * QUARRY_MODEL) is always used as asked.
 */
import type { OnnxEmbedder } from '@quarry/encoder';
import type { Store } from '@quarry/store';
import type { CommandContext } from '../command.js';
import { loadConfiguredEmbedder } from '../load-configured-embedder.js';

export interface ServedModel {
  embedder: OnnxEmbedder;
  /** The line to print at start when the database holds another model's vectors; else null. */
  note: string | null;
}

/** The model whose sentence (frame) vectors the database holds most of, with their count. */
export async function storedFrameModel(
  store: Store,
): Promise<{ model: string; count: number } | null> {
  let best: { model: string; count: number } | null = null;
  for (const count of await store.vectors.counts()) {
    if (count.ownerKind !== 'frame') continue;
    if (best === null || count.count > best.count)
      best = { model: count.model, count: count.count };
  }
  return best;
}

export async function chooseServedModel(options: {
  context: CommandContext;
  store: Store;
  /** `--model`; undefined when not given. */
  model: string | undefined;
}): Promise<ServedModel> {
  const { context, store } = options;
  const configured = await loadConfiguredEmbedder({
    settings: context.settings,
    io: context.io,
    model: options.model,
  });
  const explicit = options.model !== undefined || context.settings.model !== 'default';
  const stored = await storedFrameModel(store);
  const current = configured.embedder;
  if (stored === null || stored.model === current.modelId) return { embedder: current, note: null };
  const reindex = `run npx quarry reindex while the server is stopped to move every sentence to ${current.modelId}`;
  if (explicit) {
    return {
      embedder: current,
      note: `note: the database's ${stored.count} sentence vectors are of ${stored.model}, not ${current.modelId}; sentences are embedded again as the index loads (${reindex} ahead of time)`,
    };
  }
  // The stored model's name is the part before `@`; a shipped model of that name with the same
  // hash is the one that made the vectors.
  const storedName = stored.model.split('@')[0] ?? '';
  try {
    const previous = await loadConfiguredEmbedder({
      settings: context.settings,
      io: context.io,
      model: storedName,
    });
    if (previous.embedder.modelId === stored.model) {
      await current.close();
      return {
        embedder: previous.embedder,
        note: `note: this database was indexed with ${stored.model}; answering with it, not the default ${current.modelId}, for now: ${reindex}`,
      };
    }
    await previous.embedder.close();
  } catch {
    // The stored model is not at hand: the default embeds the sentences as the index loads.
  }
  return {
    embedder: current,
    note: `note: the database's sentence vectors are of ${stored.model}, which is not at hand; the sentences are embedded with ${current.modelId} as the index loads (${reindex} ahead of time)`,
  };
}
