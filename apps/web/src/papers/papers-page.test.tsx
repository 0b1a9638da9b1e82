// @vitest-environment happy-dom
/**
 * The papers library page against a stubbed API: lists papers with their facts, searches by
 * title through the URL, deletes only after confirming, and says how to add papers when there
 * are none.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import type { PaperSummary } from '../shared/api-types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stored: PaperSummary[] = [
  {
    id: 'deeplab',
    title: 'Semantic Image Segmentation with Deep Nets',
    year: 2015,
    frames: 212,
    source: 'scirex',
    addedAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 'upload-abc',
    title: 'An Optimizer Study',
    year: null,
    frames: 1,
    source: 'pdf',
    addedAt: '2026-11-21T10:00:00.000Z',
  },
];

/** A fake server holding `papers`; records every request. */
function stubServer(papers: PaperSummary[], signedIn = true) {
  const requests: { method: string; url: string }[] = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push({ method, url: input });
    const url = new URL(input, 'http://quarry.test');
    if (url.pathname === '/api/session') {
      return Promise.resolve(Response.json({ signedIn, tokenRequiredFor: 'writes' }));
    }
    if (method === 'DELETE') {
      const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      const position = papers.findIndex((paper) => paper.id === id);
      const [gone] = papers.splice(position, 1);
      return Promise.resolve(Response.json({ deleted: { id, title: gone?.title } }));
    }
    const query = (url.searchParams.get('q') ?? '').toLowerCase();
    const matching = papers.filter((paper) => paper.title.toLowerCase().includes(query));
    return Promise.resolve(
      Response.json({ total: matching.length, offset: 0, limit: 50, papers: matching }),
    );
  });
  return requests;
}

describe('papers library page', () => {
  it('lists every paper with year, source, sentence count and date added, linking to the reader', async () => {
    stubServer([...stored]);
    window.history.replaceState(null, '', '/papers');
    render(<App />);
    const link = await screen.findByRole('link', { name: stored[0]?.title });
    expect(link.getAttribute('href')).toBe('/papers/deeplab');
    expect(screen.getByText(/2015 · SciREX · 212 sentences · added/)).toBeTruthy();
    expect(screen.getByText(/^PDF · 1 sentence · added/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 papers');
    expect(screen.getByRole('link', { current: 'page' }).textContent).toBe('Papers');
  });

  it('searches titles through the address, and says when nothing matches', async () => {
    const requests = stubServer([...stored]);
    window.history.replaceState(null, '', '/papers');
    render(<App />);
    await screen.findByText('2 papers');
    fireEvent.change(screen.getByLabelText('Title contains'), { target: { value: 'optim' } });
    expect(await screen.findByText('1 paper with “optim” in the title')).toBeTruthy();
    expect(window.location.search).toBe('?q=optim');
    expect(requests.some((request) => request.url.includes('q=optim'))).toBe(true);
    fireEvent.change(screen.getByLabelText('Title contains'), { target: { value: 'zebra' } });
    expect(await screen.findByText(/No paper title contains “zebra”/)).toBeTruthy();
  });

  it('deletes a paper only after confirming, then lists the rest', async () => {
    const requests = stubServer([...stored]);
    window.history.replaceState(null, '', '/papers');
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: `Delete ${stored[1]?.title}` }));
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    fireEvent.click(screen.getByRole('button', { name: `Delete ${stored[1]?.title}` }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
      await Promise.resolve();
    });
    expect(await screen.findByText('Deleted “An Optimizer Study”.')).toBeTruthy();
    expect(await screen.findByText('1 paper')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/papers/upload-abc' },
    ]);
  });

  it('asks to sign in before deleting when the browser has no session', async () => {
    stubServer([...stored], false);
    window.history.replaceState(null, '', '/papers');
    render(<App />);
    expect(await screen.findByText(/Deleting papers needs the server’s API token/)).toBeTruthy();
    const remove = await screen.findByRole('button', { name: `Delete ${stored[0]?.title}` });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
  });

  it('says how to add papers when there are none', async () => {
    stubServer([]);
    window.history.replaceState(null, '', '/papers');
    render(<App />);
    expect(await screen.findByText(/There are no papers in Quarry yet/)).toBeTruthy();
    expect(screen.getByText('npx quarry ingest papers DIR')).toBeTruthy();
    expect(screen.getByText('npx quarry pull arxiv 1706.03762')).toBeTruthy();
  });

  it('says why a paper cannot be opened, and where to go next', async () => {
    vi.stubGlobal('fetch', (input: string) =>
      Promise.resolve(
        input.startsWith('/api/session')
          ? Response.json({ signedIn: true, tokenRequiredFor: 'writes' })
          : Response.json({ error: { message: 'no such paper' } }, { status: 404 }),
      ),
    );
    window.history.replaceState(null, '', '/papers/deleted-paper');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Cannot open this paper' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('no such paper');
    const library = screen.getByRole('link', { name: 'See the papers Quarry holds' });
    expect(library.getAttribute('href')).toBe('/papers');
  });
});
