/**
 * Papers whose sources hold text the database refuses (a NUL from a PDF's metadata or a symbol
 * font, other control characters, a lone surrogate) are ingested into PGlite like any other: the
 * text is cleaned at extraction, not reported as "invalid byte sequence for encoding UTF8: 0x00".
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { buildMinimalPdf } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestPapers } from './ingest-papers.js';

describe('ingesting papers with text the database cannot store', () => {
  let folder: string;
  let store: Store;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'quarry-ingest-controls-'));
    store = await openStore({ location: 'memory://' });
  });
  afterAll(async () => {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('stores a PDF whose metadata title and author hold a NUL', async () => {
    const pdf = join(folder, 'nul-title.pdf');
    await writeFile(
      pdf,
      buildMinimalPdf({
        title: 'Event Extraction\u0000 from Knowledge Bases',
        author: 'Ada\u0000 Lovelace',
        pages: [['Event Extraction', '', 'We extract events from text. The results are good.']],
      }),
    );
    const summary = await ingestPapers({ store, paths: [pdf] });
    expect(summary.errors).toEqual([]);
    expect(summary.inserted).toBe(1);
    const stored = await store.papers.get('nul-title');
    expect(stored?.title).toBe('Event Extraction from Knowledge Bases');
    expect(stored?.authors).toEqual(['Ada  Lovelace']);
  });

  it('stores a text paper with NUL, other control characters and a lone surrogate', async () => {
    const text = join(folder, 'controls.txt');
    await writeFile(
      text,
      'Controls\u0000 Everywhere\n\nAbstract\n\u000F We count\u0002 things \uD835here.\n\n1 Introduction\nMore\u0000 text follows.\n',
    );
    const summary = await ingestPapers({ store, paths: [text] });
    expect(summary.errors).toEqual([]);
    const frames = await store.papers.frames('controls');
    // The NUL became a space, and a run of whitespace in a sentence one space.
    expect(frames.map((frame) => frame.text)).toContain('More text follows.');
    expect(frames.some((frame) => /[\u0000-\u0008\u000B-\u001F]/.test(frame.text))).toBe(false);
  });

  it('stores an S2ORC paper with a NUL in its title, paragraphs and extra fields', async () => {
    const json = join(folder, 'nul-s2orc.json');
    await writeFile(
      json,
      JSON.stringify({
        paper_id: 'nul-s2orc',
        metadata: { title: 'A Title\u0000' },
        body_text: [{ text: 'Body\u0000 text is here.', section: 'Intro\u0000', cite_spans: [] }],
        venue_note: 'noted\u0000',
      }),
    );
    const summary = await ingestPapers({ store, paths: [json] });
    expect(summary.errors).toEqual([]);
    const stored = await store.papers.get('nul-s2orc');
    expect(stored?.title).toBe('A Title');
    expect(stored?.text).toContain('Body  text is here.');
  });
});
