/**
 * The store contract for vectors, on every backend (embedded PGlite always, PostgreSQL with
 * pgvector when QUARRY_TEST_POSTGRES_URL is set, always in CI): per-model storage, HNSW nearest
 * neighbours, exact float32 round trips, reindexing, and vectors that go with their owners.
 */
import { describe, expect, it } from 'vitest';
import { samplePaper } from './test-support/sample-records.js';
import { describeOnEveryBackend } from './test-support/store-on-every-backend.js';

describeOnEveryBackend('store contract, vectors', (store) => {
  describe('vectors', () => {
    const model = 'contract-model';
    const unit = (values: number[]) => {
      const norm = Math.hypot(...values);
      return Float32Array.from(values.map((value) => value / norm));
    };

    it('stores vectors per model, indexes them with HNSW and finds nearest by cosine', async () => {
      await store().vectors.upsertMany({
        ownerKind: 'frame',
        model,
        vectors: [
          { ownerId: '1', vector: unit([1, 0, 0]) },
          { ownerId: '2', vector: unit([0, 1, 0]) },
          { ownerId: '3', vector: unit([1, 1, 0]) },
        ],
      });
      await store().vectors.ensureIndex({ ownerKind: 'frame', model, dimension: 3 });
      await store().vectors.ensureIndex({ ownerKind: 'frame', model, dimension: 3 });
      const nearest = await store().vectors.nearest({
        ownerKind: 'frame',
        model,
        vector: unit([1, 0.1, 0]),
        limit: 2,
      });
      expect(nearest.map((neighbour) => neighbour.ownerId)).toEqual(['1', '3']);
      expect(nearest[0]?.similarity).toBeGreaterThan(0.99);
      const [stored] = await store().vectors.get({ ownerKind: 'frame', model, ownerIds: ['2'] });
      expect(Array.from(stored?.vector ?? [])).toEqual([0, 1, 0]);
    });

    it('reads back every float32 of a model-sized vector exactly', async () => {
      const values = Float32Array.from({ length: 384 }, (_, index) =>
        Math.fround(Math.sin(index * 12.9898) * (index % 7 === 0 ? 1e-7 : 0.731)),
      );
      await store().vectors.upsertMany({
        ownerKind: 'question',
        model: 'exact-model',
        vectors: [{ ownerId: 'q-exact', vector: values }],
      });
      const [stored] = await store().vectors.get({
        ownerKind: 'question',
        model: 'exact-model',
        ownerIds: ['q-exact'],
      });
      expect(stored?.vector).toEqual(values);
      await store().vectors.removeOtherModels(model);
    });

    it('keeps models apart and removes other models on reindex', async () => {
      await store().vectors.upsertMany({
        ownerKind: 'frame',
        model: 'other-model',
        vectors: [{ ownerId: '1', vector: unit([0, 0, 1, 0]) }],
      });
      expect(await store().vectors.counts()).toEqual([
        { model, dim: 3, ownerKind: 'frame', count: 3 },
        { model: 'other-model', dim: 4, ownerKind: 'frame', count: 1 },
      ]);
      expect(await store().vectors.removeOtherModels(model)).toBe(1);
      await expect(
        store().vectors.upsertMany({
          ownerKind: 'frame',
          model,
          vectors: [
            { ownerId: '8', vector: unit([1, 0, 0]) },
            { ownerId: '9', vector: unit([1, 0]) },
          ],
        }),
      ).rejects.toThrow(/expected 3/);
    });
  });

  describe('vectors follow their owners', () => {
    const model = 'owner-model';
    const ownedVectors = async (ownerKind: 'frame' | 'question', ownerIds: string[]) =>
      (await store().vectors.get({ ownerKind, model, ownerIds })).map((owned) => owned.ownerId);

    it('a replaced or deleted paper leaves no vectors of its frames or questions', async () => {
      const paper = samplePaper({ id: 'paper-owned' });
      await store().papers.upsert(paper);
      const frameIds = (await store().papers.frames(paper.id)).map((frame) => frame.id);
      const questions = await store().questions.addMany(
        frameIds.map((frameId) => ({ frameId, text: `What is in ${frameId}?`, origin: 'rule' })),
      );
      const questionIds = questions.map((question) => question.id);
      const vector = Float32Array.from([0.6, 0.8]);
      await store().vectors.upsertMany({
        ownerKind: 'frame',
        model,
        vectors: frameIds.map((ownerId) => ({ ownerId, vector })),
      });
      await store().vectors.upsertMany({
        ownerKind: 'question',
        model,
        vectors: questionIds.map((ownerId) => ({ ownerId, vector })),
      });
      expect(await ownedVectors('frame', frameIds)).toHaveLength(3);

      // A changed paper replaces its frames (and so their questions): their vectors go too.
      await store().papers.upsert({ ...paper, title: 'Changed title' });
      expect(await ownedVectors('frame', frameIds)).toEqual([]);
      expect(await ownedVectors('question', questionIds)).toEqual([]);

      const newFrameIds = (await store().papers.frames(paper.id)).map((frame) => frame.id);
      await store().vectors.upsertMany({
        ownerKind: 'frame',
        model,
        vectors: newFrameIds.map((ownerId) => ({ ownerId, vector })),
      });
      expect(await ownedVectors('frame', newFrameIds)).toHaveLength(3);
      expect(await store().papers.remove(paper.id)).toBe(true);
      expect(await ownedVectors('frame', newFrameIds)).toEqual([]);
      const { rows } = await store().client.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM vectors WHERE model = $1',
        [model],
      );
      expect(rows[0]?.count).toBe(0);
    });
  });
});
