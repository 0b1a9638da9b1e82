#!/usr/bin/env node
// @module Measures what one paper upload does to the server's main thread: the event-loop delay
// (perf_hooks monitorEventLoopDelay, p99 and max) from the moment the paper is ingested until it is
// searchable, and that time itself, with the frame index refreshed either by a full reload (the old
// `afterIngest`) or by adding the paper (`FrameIndexHolder.addPapers`). Runs the built packages
// (npm run build first) on a copy of an indexed embedded database, so the original stays as it was.
//
//   node apps/cli/scripts/bench-upload-event-loop.mjs --db DIR --paper FILE [--mode add|reload|both]
//
// DIR: an embedded database made by `quarry ingest papers … --db DIR` and `quarry index --db DIR`;
// FILE: a paper that DIR does not hold yet (.json, .pdf or .txt). Prints one JSON line per mode.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadEmbedder, shippedModelsDirectory } from '@quarry/encoder';
import { createRuleQuestionGenerator, generateQuestions, loadFrameIndex } from '@quarry/frames';
import { ingestPapers } from '@quarry/ingest';
import { openStore } from '@quarry/store';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    paper: { type: 'string' },
    mode: { type: 'string', default: 'both' },
    threads: { type: 'string', default: '2' },
  },
});
if (!values.db || !values.paper) {
  console.error(
    'usage: bench-upload-event-loop.mjs --db DIR --paper FILE [--mode add|reload|both]',
  );
  process.exit(2);
}
const modes = values.mode === 'both' ? ['reload', 'add'] : [values.mode];

const { embedder } = await loadEmbedder({
  spec: 'default',
  modelsDir: shippedModelsDirectory(),
  cacheDir: resolve('.quarry/models'),
  intraOpNumThreads: Number(values.threads),
});

for (const mode of modes) {
  const folder = await mkdtemp(join(tmpdir(), 'quarry-upload-bench-'));
  const db = join(folder, 'db');
  await cp(values.db, db, { recursive: true });
  const store = await openStore({ location: db });
  try {
    // `reload` is what the server did before addPapers (FrameIndexHolder.reload): a full load that
    // takes the vectors the current index holds from it. Done directly, so that this script also
    // runs against a checkout from before addPapers existed.
    const loadStartedAt = performance.now();
    let index = (await loadFrameIndex({ store, embedder })).index;
    const loadSeconds = (performance.now() - loadStartedAt) / 1000;
    const holder =
      mode === 'add'
        ? await import('../dist/frame-index-holder.js').then(({ createFrameIndexHolder }) =>
            createFrameIndexHolder({ store, embedder, log: () => undefined, initial: index }),
          )
        : null;

    // Let the heap settle after the load, then watch the loop through one upload.
    await new Promise((done) => setTimeout(done, 500));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // A second, plain measure: the gaps between the turns of a 5 ms interval timer.
    const gaps = [];
    let lastTick = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      gaps.push(now - lastTick);
      lastTick = now;
    }, 5);
    const uploadStartedAt = performance.now();
    const paperIds = [];
    await ingestPapers({
      store,
      paths: [values.paper],
      onPaperStored: (paper) => paperIds.push(paper.id),
    });
    const ingestedAt = performance.now();
    await generateQuestions({ store, generator: createRuleQuestionGenerator(), paperIds });
    const questionsAt = performance.now();
    if (holder) {
      await holder.addPapers(paperIds);
      index = holder.current();
    } else {
      index = (await loadFrameIndex({ store, embedder, previous: index })).index;
    }
    const searchableAt = performance.now();
    delay.disable();
    clearInterval(ticker);
    gaps.push(performance.now() - lastTick);
    gaps.sort((left, right) => left - right);
    const probe = await index.search({
      query: 'what dataset is used for evaluation',
      limit: 3,
      filter: { paperIds },
    });
    console.log(
      JSON.stringify({
        mode,
        papers_in_index: index.paperIds().length,
        frames_in_index: index.frameCount,
        initial_load_s: Number(loadSeconds.toFixed(2)),
        upload_to_searchable_ms: Math.round(searchableAt - uploadStartedAt),
        ingest_ms: Math.round(ingestedAt - uploadStartedAt),
        questions_ms: Math.round(questionsAt - ingestedAt),
        index_update_ms: Math.round(searchableAt - questionsAt),
        loop_delay_p50_ms: Number((delay.percentile(50) / 1e6).toFixed(1)),
        loop_delay_p99_ms: Number((delay.percentile(99) / 1e6).toFixed(1)),
        loop_delay_max_ms: Number((delay.max / 1e6).toFixed(1)),
        loop_delay_samples: delay.count,
        timer_gap_p99_ms: Number((gaps[Math.floor(gaps.length * 0.99)] ?? 0).toFixed(1)),
        timer_gap_max_ms: Number((gaps.at(-1) ?? 0).toFixed(1)),
        timer_gaps_over_50ms: gaps.filter((gap) => gap > 50).length,
        new_paper_hits: probe.hits.length,
      }),
    );
  } finally {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  }
}
