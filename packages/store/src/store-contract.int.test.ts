/**
 * One contract suite for the Store, run against every backend: embedded PGlite always, and a real
 * PostgreSQL with pgvector when QUARRY_TEST_POSTGRES_URL is set (always in CI).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate, pendingMigrations } from './migrator.js';
import { sampleDataset, samplePaper } from './test-support/sample-records.js';
import { describeOnEveryBackend } from './test-support/store-on-every-backend.js';
import { postgresRequired, postgresTestUrl } from './test-support/test-databases.js';

it('runs against PostgreSQL in CI', () => {
  if (postgresRequired) expect(postgresTestUrl, 'set QUARRY_TEST_POSTGRES_URL in CI').toBeTruthy();
});

describeOnEveryBackend('store contract', (store, backend) => {
  describe('migrator', () => {
    it('records every migration and applies nothing twice', async () => {
      const names = (await loadMigrations()).map((migration) => migration.name);
      expect(names.length).toBeGreaterThanOrEqual(10);
      expect(await pendingMigrations(store().client)).toEqual([]);
      const again = await migrate(store().client);
      expect(again.applied).toEqual([]);
      expect(again.alreadyApplied).toEqual(names);
    });

    it('rolls back a failing migration and names it', async () => {
      const directory = await mkdtemp(join(tmpdir(), 'quarry-migrations-'));
      await writeFile(join(directory, '0001_good.sql'), 'CREATE TABLE contract_good (id int);');
      await writeFile(
        join(directory, '0002_bad.sql'),
        'CREATE TABLE contract_bad (id nonexistent_type);',
      );
      const scratch = await backend.open();
      try {
        await expect(migrate(scratch, { directory })).rejects.toThrow(/0002_bad\.sql/);
        const { rows } = await scratch.query<{ present: boolean }>(
          "SELECT to_regclass('contract_good') IS NOT NULL AS present",
        );
        expect(rows[0]?.present).toBe(false);
      } finally {
        await scratch.close();
      }
    });
  });

  describe('datasets', () => {
    it('inserts, leaves identical content alone, and updates changed content', async () => {
      const dataset = sampleDataset();
      expect(await store().datasets.upsert(dataset)).toBe('inserted');
      expect(await store().datasets.upsert(dataset)).toBe('unchanged');
      expect(await store().datasets.upsert({ ...dataset, description: 'Changed.' })).toBe(
        'updated',
      );
      expect(await store().datasets.count()).toBe(1);
      const stored = await store().datasets.get(dataset.id);
      expect(stored).toMatchObject({
        id: 'Toy Digits',
        description: 'Changed.',
        modalities: ['Images'],
        tasks: ['Image Classification'],
        extra: { license: 'CC0' },
        year: 2001,
      });
      expect(stored?.variants).toEqual(['Toy Digits', 'Toy-Digits', 'ToyDigits'].sort());
    });

    it('upserts many in one call exactly as one by one, with the same outcomes and rows', async () => {
      const first = sampleDataset({ id: 'Bulk One', name: 'Bulk One', variants: ['B1'] });
      const second = sampleDataset({
        id: 'Bulk Two',
        name: 'Bulk Two',
        variants: [],
        modalities: [],
        year: null,
        extra: { nested: { list: [1, 'two'] } },
      });
      expect(await store().datasets.upsertMany([first, second])).toEqual(['inserted', 'inserted']);
      expect(
        await store().datasets.upsertMany([first, { ...second, description: 'Changed in bulk.' }]),
      ).toEqual(['unchanged', 'updated']);
      expect(await store().datasets.upsertMany([])).toEqual([]);
      const alone = sampleDataset({ id: 'Bulk Alone', name: 'Bulk Alone', variants: ['B1'] });
      await store().datasets.upsert(alone);
      // The same fields stored one by one read back the same, bar id, name and the name variant.
      expect(await store().datasets.get('Bulk One')).toEqual({
        ...(await store().datasets.get('Bulk Alone')),
        id: 'Bulk One',
        name: 'Bulk One',
        variants: ['B1', 'Bulk One'],
      });
      expect(await store().datasets.get('Bulk Two')).toMatchObject({
        description: 'Changed in bulk.',
        modalities: [],
        year: null,
        extra: { nested: { list: [1, 'two'] } },
        variants: ['Bulk Two'],
      });
      // A repeated id is stored in order, the later record winning.
      expect(
        await store().datasets.upsertMany([first, { ...first, description: 'Later one.' }]),
      ).toEqual(['unchanged', 'updated']);
      expect((await store().datasets.get('Bulk One'))?.description).toBe('Later one.');
      for (const id of ['Bulk One', 'Bulk Two', 'Bulk Alone']) {
        await store().client.query('DELETE FROM datasets WHERE id = $1', [id]);
      }
      expect(await store().datasets.count()).toBe(1);
    });

    it('keeps texts with quotes, unicode and SQL-looking content intact', async () => {
      const tricky = sampleDataset({
        id: "Robert'); DROP TABLE datasets;--",
        name: "Robert'); DROP TABLE datasets;--",
        description: 'Ünïcödé “quotes” and emoji 🧪',
        variants: [],
      });
      await store().datasets.upsert(tricky);
      expect((await store().datasets.get(tricky.id))?.description).toBe(
        'Ünïcödé “quotes” and emoji 🧪',
      );
      expect(await store().datasets.count()).toBe(2);
    });

    it('lists datasets in id order', async () => {
      const listed = await store().datasets.list({ limit: 10 });
      expect(listed.map((dataset) => dataset.id)).toEqual([...listed.map((d) => d.id)].sort());
      expect((await store().datasets.all()).map((dataset) => dataset.id)).toEqual(
        listed.map((d) => d.id),
      );
    });

    it('marks a new version of the catalog on every insert, change and deletion', async () => {
      const before = await store().datasets.version();
      expect(before.datasets).toBe(await store().datasets.count());
      const added = sampleDataset({ id: 'Version Mark', name: 'Version Mark', variants: [] });
      await store().datasets.upsert(added);
      const inserted = await store().datasets.version();
      expect(inserted.datasets).toBe(before.datasets + 1);
      expect(inserted.mark).not.toBe(before.mark);
      await store().datasets.upsert(added);
      expect(await store().datasets.version()).toEqual(inserted);
      await store().datasets.upsert({ ...added, description: 'Changed again.' });
      const updated = await store().datasets.version();
      expect(updated.datasets).toBe(inserted.datasets);
      expect(updated.mark).not.toBe(inserted.mark);
      await store().client.query('DELETE FROM datasets WHERE id = $1', [added.id]);
      const deleted = await store().datasets.version();
      expect(deleted.datasets).toBe(before.datasets);
      expect(deleted.mark).not.toBe(updated.mark);
    });
  });

  describe('slack deliveries', () => {
    it('says first time once per delivery key until its record expires', async () => {
      expect(await store().slackDeliveries.firstTime('event:Ev1', 60_000)).toBe(true);
      expect(await store().slackDeliveries.firstTime('event:Ev1', 60_000)).toBe(false);
      expect(await store().slackDeliveries.firstTime('event:Ev2', 60_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 120));
      // Remembered for 100 ms only: the repeat 120 ms later counts as new, then is remembered.
      expect(await store().slackDeliveries.firstTime('event:Ev1', 100)).toBe(true);
      expect(await store().slackDeliveries.firstTime('event:Ev1', 100)).toBe(false);
    });
  });

  describe('papers and frames', () => {
    it('pages ids and titles by id, and retitles a paper without touching its frames', async () => {
      for (const id of ['title-b', 'title-a', 'title-c'])
        await store().papers.upsert(samplePaper({ id, title: `Paper ${id}` }));
      const first = await store().papers.titles({ afterId: 'title-', limit: 2 });
      expect(first.map((paper) => paper.id)).toEqual(['title-a', 'title-b']);
      const rest = await store().papers.titles({ afterId: 'title-b', limit: 2 });
      expect(rest.filter((paper) => paper.id.startsWith('title-'))).toEqual([
        { id: 'title-c', title: 'Paper title-c' },
      ]);
      const frames = await store().papers.frames('title-a');
      expect(
        await store().papers.retitle({ id: 'title-a', title: 'Renamed', extra: { was: 'x' } }),
      ).toBe(true);
      expect(await store().papers.retitle({ id: 'no-such-paper', title: 'Renamed' })).toBe(false);
      const renamed = await store().papers.get('title-a');
      expect(renamed?.title).toBe('Renamed');
      expect(renamed?.extra).toMatchObject({ was: 'x' });
      expect(await store().papers.frames('title-a')).toEqual(frames);
      for (const id of ['title-a', 'title-b', 'title-c']) await store().papers.remove(id);
    });

    it('stores a paper with sections and frames with context windows', async () => {
      const paper = samplePaper();
      expect(await store().papers.upsert(paper, { sourcePath: 'toy.txt' })).toEqual({
        outcome: 'inserted',
        frames: 3,
      });
      const frames = await store().papers.frames(paper.id);
      expect(frames.map((frame) => frame.text)).toEqual(
        paper.sentences.map((sentence) => sentence.text),
      );
      expect(frames[0]).toMatchObject({
        contextBefore: '',
        contextAfter: 'Our model reaches 99.1% accuracy.',
      });
      // Context does not cross a section boundary.
      expect(frames[1]?.contextAfter).toBe('');
      expect(frames[2]).toMatchObject({ sectionTitle: 'Results', sourceIndex: 7, page: 2 });
      const stored = await store().papers.get(paper.id);
      expect(stored?.sections.map((section) => section.title)).toEqual(['Introduction', 'Results']);
      for (const frame of frames)
        expect(stored?.text.slice(frame.charStart, frame.charEnd)).toBe(frame.text);
    });

    it('keeps each section’s kind and role, and gives them to its frames', async () => {
      const paper = {
        ...samplePaper({ id: 'paper-roles' }),
        sections: [
          { index: 0, title: '2 Related Work' },
          { index: 1, title: 'Figure 1', kind: 'caption' as const },
        ],
      };
      await store().papers.upsert(paper);
      const stored = await store().papers.get(paper.id);
      expect(stored?.sections).toEqual([
        { index: 0, title: '2 Related Work', role: 'related-work' },
        { index: 1, title: 'Figure 1', kind: 'caption', role: 'other' },
      ]);
      const frames = await store().papers.frames(paper.id);
      expect(frames.map((frame) => [frame.sectionKind, frame.sectionRole])).toEqual([
        ['body', 'related-work'],
        ['body', 'related-work'],
        ['caption', 'other'],
      ]);
      await store().papers.remove(paper.id);
    });

    it('pages through every frame in reading order', async () => {
      const start = { paperId: '', sentenceIndex: -1 };
      const firstPage = await store().papers.framesPage({ after: start, limit: 2 });
      expect(firstPage.map((frame) => frame.sentenceIndex)).toEqual([0, 1]);
      const after = { paperId: 'paper-1', sentenceIndex: 1 };
      const nextPage = await store().papers.framesPage({ after, limit: 2 });
      expect(nextPage.map((frame) => [frame.sentenceIndex, frame.sectionTitle])).toEqual([
        [2, 'Results'],
      ]);
    });

    it('re-ingesting the same paper changes nothing; a changed paper replaces its frames', async () => {
      const paper = samplePaper();
      expect((await store().papers.upsert(paper)).outcome).toBe('unchanged');
      const shorter = { ...paper, sentences: paper.sentences.slice(0, 1) };
      expect(await store().papers.upsert(shorter)).toEqual({ outcome: 'updated', frames: 1 });
      expect(await store().papers.countFrames()).toBe(1);
      expect(await store().papers.upsert(paper)).toEqual({ outcome: 'updated', frames: 3 });
      expect(await store().stats()).toMatchObject({ papers: 1, frames: 3 });
    });

    it('rolls back a paper whose frames cannot be written', async () => {
      const broken = samplePaper({ id: 'paper-broken' });
      const duplicate = broken.sentences[0];
      if (duplicate) broken.sentences.push({ ...duplicate });
      await expect(store().papers.upsert(broken)).rejects.toThrow();
      expect(await store().papers.get('paper-broken')).toBeNull();
    });
  });

  describe('questions and annotations', () => {
    it('adds questions once per frame and finds them by prefix', async () => {
      const [frame] = await store().papers.frames('paper-1');
      const frameId = frame?.id ?? '';
      const added = await store().questions.addMany([
        { frameId, text: 'What do they study?', origin: 'rule' },
        { frameId, text: 'What do they study?', origin: 'rule' },
      ]);
      expect(added).toHaveLength(1);
      expect(
        await store().questions.addMany([{ frameId, text: 'What do they study?', origin: 'rule' }]),
      ).toEqual([]);
      expect(
        (await store().questions.withPrefix({ prefix: 'what do', limit: 5 })).map((q) => q.text),
      ).toEqual(['What do they study?']);
      expect(await store().questions.withPrefix({ prefix: '%', limit: 5 })).toEqual([]);
    });

    it('annotates a span: the question joins the frame, and deleting removes it again', async () => {
      const frames = await store().papers.frames('paper-1');
      const target = frames[1];
      if (!target) throw new Error('sample paper has no second frame');
      const annotation = await store().annotations.add({
        paperId: 'paper-1',
        question: 'How accurate is the model?',
        charStart: target.charStart + 18,
        charEnd: target.charStart + 23,
      });
      expect(annotation).toMatchObject({ frameId: target.id, answerText: '99.1%' });
      expect((await store().questions.forFrames([target.id])).map((q) => q.text)).toContain(
        'How accurate is the model?',
      );
      expect(await store().annotations.list({ paperId: 'paper-1' })).toHaveLength(1);
      expect(await store().annotations.remove(annotation.id)).toBe(true);
      expect(await store().questions.forFrames([target.id])).toEqual([]);
      expect(await store().annotations.remove(annotation.id)).toBe(false);
    });

    it('rejects an annotation outside the paper', async () => {
      await expect(
        store().annotations.add({
          paperId: 'paper-1',
          question: 'x?',
          charStart: 10_000,
          charEnd: 10_001,
        }),
      ).rejects.toThrow(/no sentence contains offset/);
      await expect(
        store().annotations.add({ paperId: 'nope', question: 'x?', charStart: 0, charEnd: 1 }),
      ).rejects.toThrow(/no such paper/);
    });
  });

  describe('conversations', () => {
    it('appends messages in order and keeps the dialogue state', async () => {
      await store().conversations.append({
        id: 'c1',
        title: 'Segmentation datasets',
        messages: [{ role: 'user', content: { text: 'hi' } }],
      });
      await store().conversations.append({
        id: 'c1',
        state: { modality: 'Images' },
        messages: [{ role: 'assistant', content: { text: 'hello' } }],
      });
      const conversation = await store().conversations.get('c1');
      expect(conversation).toMatchObject({
        title: 'Segmentation datasets',
        state: { modality: 'Images' },
      });
      expect(conversation?.messages.map((message) => [message.position, message.role])).toEqual([
        [0, 'user'],
        [1, 'assistant'],
      ]);
      expect((await store().conversations.list()).map((c) => c.id)).toEqual(['c1']);
      expect(await store().conversations.rename('c1', 'Street scenes')).toBe(true);
      expect(await store().conversations.rename('no-such-id', 'x')).toBe(false);
      // A renamed conversation keeps its title when the next turn is stored.
      await store().conversations.append({
        id: 'c1',
        title: 'a later first message',
        messages: [{ role: 'user', content: { text: 'again' } }],
      });
      expect((await store().conversations.get('c1'))?.title).toBe('Street scenes');
      expect(await store().conversations.remove('c1')).toBe(true);
      expect(await store().conversations.get('c1')).toBeNull();
    });

    it('keeps the owner a conversation was started by and lists by owner', async () => {
      await store().conversations.append({
        id: 'mine',
        owner: 'client-a',
        messages: [{ role: 'user', content: { text: 'one' } }],
      });
      // A later append cannot change the owner.
      await store().conversations.append({
        id: 'mine',
        owner: 'client-b',
        messages: [{ role: 'assistant', content: { text: 'two' } }],
      });
      await store().conversations.append({
        id: 'theirs',
        owner: 'client-b',
        messages: [{ role: 'user', content: { text: 'three' } }],
      });
      expect((await store().conversations.get('mine'))?.owner).toBe('client-a');
      expect((await store().conversations.get('mine'))?.messages).toHaveLength(2);
      expect((await store().conversations.list({ owner: 'client-a' })).map((c) => c.id)).toEqual([
        'mine',
      ]);
      await store().conversations.remove('mine');
      await store().conversations.remove('theirs');
    });
  });
});
