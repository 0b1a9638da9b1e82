/**
 * A server on a database indexed with another model: it answers with the stored vectors' model
 * while that model can be loaded, and says so; a model asked for by name is used as asked.
 * Real inference: the shipped static model indexes a small SciREX-shaped paper.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '@quarry/store';
import { scirexDocument } from '@quarry/testing';
import { run } from '../main.js';
import { loadSettings } from '../settings.js';
import { captureIo } from '../test-support/captured-io.js';
import { chooseServedModel } from './served-model.js';

const paper = scirexDocument('toy-paper', [
  ['document : Toy Segmentation', 'We propose a tiny network for street scene segmentation .'],
  ['section : Experiments', 'We train for ten epochs with a learning rate of 0.01 .'],
]);

describe('the model a server answers with', () => {
  let directory = '';
  let database = '';

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'quarry-served-model-'));
    database = join(directory, 'db');
    await mkdir(join(directory, 'papers'));
    await writeFile(join(directory, 'papers', 'toy-paper.json'), JSON.stringify(paper));
    const io = captureIo({ QUARRY_DB: database });
    expect(await run({ argv: ['ingest', 'papers', join(directory, 'papers')], io })).toBe(0);
    const indexIo = captureIo({ QUARRY_DB: database });
    expect(await run({ argv: ['index', '--model', 'quarry-static-v2'], io: indexIo })).toBe(0);
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps answering with the stored vectors’ model, and says how to move to the default', async () => {
    const store = await openStore({ location: database });
    try {
      const io = captureIo();
      const context = { args: [], io, settings: loadSettings({ QUARRY_DB: database }) };
      const served = await chooseServedModel({ context, store, model: undefined });
      try {
        expect(served.embedder.modelId).toMatch(/^quarry-static-v2@/);
        expect(served.note).toMatch(
          /indexed with quarry-static-v2@.*quarry reindex.*e5-small-v2-q@/,
        );
      } finally {
        await served.embedder.close();
      }
    } finally {
      await store.close();
    }
  });

  it('uses a model asked for by name, and says the sentences are embedded again', async () => {
    const store = await openStore({ location: database });
    try {
      const context = {
        args: [],
        io: captureIo(),
        settings: loadSettings({ QUARRY_DB: database }),
      };
      const served = await chooseServedModel({ context, store, model: 'e5-small-v2-q' });
      try {
        expect(served.embedder.modelId).toMatch(/^e5-small-v2-q@/);
        expect(served.note).toMatch(/are of quarry-static-v2@.*embedded again/);
      } finally {
        await served.embedder.close();
      }
    } finally {
      await store.close();
    }
  });
});
