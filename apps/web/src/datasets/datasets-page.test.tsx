// @vitest-environment happy-dom
/**
 * The datasets page's sort control against a stubbed API: without a name it says the list is the
 * most used datasets first (and offers no "Best match", which needs a name to match); with a name
 * it is the best match; a chosen order goes into the address, the default stays out of it.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import type { BrowseResult } from '../shared/api-types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A server with an empty catalog; records the browse requests' query strings. */
function stubServer() {
  const browseQueries: URLSearchParams[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://quarry.test');
    if (url.pathname === '/api/session')
      return Promise.resolve(Response.json({ signedIn: true, tokenRequiredFor: 'writes' }));
    browseQueries.push(url.searchParams);
    const empty: BrowseResult = {
      total: 0,
      sort: 'papers',
      datasets: [],
      facets: { modalities: [], tasks: [], languages: [] },
    };
    return Promise.resolve(Response.json(empty));
  });
  return browseQueries;
}

const sortSelect = () => screen.getByLabelText<HTMLSelectElement>('Sort by');
const shownSortLabel = () => sortSelect().options[sortSelect().selectedIndex]?.textContent;
const offeredSortLabels = () => [...sortSelect().options].map((option) => option.textContent);

describe('datasets page sort', () => {
  it('shows "Most used" without a name, and "Best match" once a name is typed', async () => {
    const browseQueries = stubServer();
    window.history.replaceState(null, '', '/datasets');
    render(<App />);
    await screen.findByText('0 datasets');
    expect(shownSortLabel()).toBe('Most used');
    expect(offeredSortLabels()).toEqual(['Most used', 'Newest first', 'Name']);
    expect(browseQueries[0]?.has('sort')).toBe(false);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'coco' } });
    await waitFor(() => expect(shownSortLabel()).toBe('Best match'));
    expect(offeredSortLabels()).toEqual(['Best match', 'Most used', 'Newest first', 'Name']);
  });

  it('puts a chosen order in the address and leaves the default out', async () => {
    stubServer();
    window.history.replaceState(null, '', '/datasets?sort=relevance');
    render(<App />);
    await screen.findByText('0 datasets');
    // Best match with no name to match is not what the list is in.
    expect(shownSortLabel()).toBe('Most used');
    fireEvent.change(sortSelect(), { target: { value: 'year' } });
    await waitFor(() => expect(shownSortLabel()).toBe('Newest first'));
    expect(window.location.search).toBe('?sort=year');
    fireEvent.change(sortSelect(), { target: { value: 'papers' } });
    await waitFor(() => expect(shownSortLabel()).toBe('Most used'));
    expect(window.location.search).toBe('');
  });
});
