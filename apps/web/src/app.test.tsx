// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { messagesFromConversation } from './chat/chat-message';
import { ErrorBoundary } from './shared/error-boundary';
import { navigate } from './shared/router';

afterEach(cleanup);

function Throws(): never {
  throw new Error('the page broke');
}

describe('app shell', () => {
  it('shows a clear page for an unknown path, with a way back', () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    window.history.replaceState(null, '', '/nowhere');
    render(<App />);
    vi.unstubAllGlobals();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /chat/i }).length).toBeGreaterThan(0);
  });

  it('follows a navigation, marks the current page, and says when the server is unreachable', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    window.history.replaceState(null, '', '/nowhere');
    render(<App />);
    act(() => navigate('/upload'));
    expect(await screen.findByRole('heading', { name: 'Add a paper', level: 1 })).toBeTruthy();
    const current = screen.getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('Add a paper');
    expect((await screen.findByRole('alert')).textContent).toBe('cannot reach the Quarry server');
    vi.unstubAllGlobals();
  });

  it('says there are no papers yet, and how to add some, when a search finds nothing in an empty Quarry', async () => {
    vi.stubGlobal('fetch', (input: string) => {
      const body = input.startsWith('/api/health')
        ? { papers: 0 }
        : input.startsWith('/api/answers/search')
          ? { hits: [] }
          : { signedIn: false, tokenRequiredFor: 'writes' };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
    window.history.replaceState(null, '', '/search?q=what%20loss');
    render(<App />);
    expect(await screen.findByText(/no papers in Quarry yet/)).toBeTruthy();
    // The page's own link, besides the navigation's.
    expect(screen.getAllByRole('link', { name: 'Add a paper' }).length).toBe(2);
    vi.unstubAllGlobals();
  });

  it('shows an error message instead of a blank page when a page throws', () => {
    const original = console.error;
    console.error = () => undefined;
    try {
      render(
        <ErrorBoundary resetKey="a">
          <Throws />
        </ErrorBoundary>,
      );
    } finally {
      console.error = original;
    }
    expect(screen.getByRole('alert').textContent).toContain('the page broke');
  });
});

describe('stored conversations', () => {
  it('turn back into chat messages with their quick replies and dataset cards', () => {
    const messages = messagesFromConversation({
      id: 'c1',
      owner: 'client-1',
      title: 'street scenes',
      state: {},
      createdAt: '',
      updatedAt: '',
      messages: [
        { position: 0, role: 'user', content: { text: 'street scenes' } },
        {
          position: 1,
          role: 'assistant',
          content: {
            kind: 'clarify',
            text: 'Which task?',
            slot: 'task',
            options: ['segmentation'],
          },
        },
        {
          position: 2,
          role: 'assistant',
          content: { kind: 'recommend', text: 'These fit.', datasets: [] },
        },
      ],
    });
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(messages[0]?.parts).toEqual([{ type: 'text', text: 'street scenes' }]);
    expect(messages[1]?.parts[1]).toEqual({
      type: 'data-clarify',
      data: { slot: 'task', options: ['segmentation'] },
    });
    expect(messages[2]?.parts[1]).toEqual({ type: 'data-datasets', data: { datasets: [] } });
  });
});
