// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FindHit } from '../shared/api-types';
import { FindBar } from './find-bar';
import { SentenceText } from './sentence-text';
import type { FindState } from './use-find';

afterEach(cleanup);

const hit = (sentenceIndex: number): FindHit => ({
  frameId: String(sentenceIndex),
  sentenceIndex,
  sourceIndex: null,
  sectionIndex: 1,
  sectionTitle: 'Experiments',
  sectionKind: 'body',
  sectionRole: 'experiments',
  text: 'We use a learning rate of 0.001.',
  charStart: 0,
  charEnd: 10,
  contextBefore: '',
  contextAfter: '',
  score: 1,
  cosine: 0.5,
  lexical: 1,
  questionLexical: 0,
  wordMatch: 0,
  matchedQuestion: null,
  highlight: null,
});

function findState(overrides: Partial<FindState> = {}): FindState {
  return {
    hits: [hit(3), hit(9)],
    clearAnswer: true,
    wordsOnly: false,
    current: 0,
    error: null,
    searching: false,
    next: vi.fn(),
    previous: vi.fn(),
    select: vi.fn(),
    ...overrides,
  };
}

describe('find bar', () => {
  it('shows the position among the hits and moves with Enter, Shift+Enter and the buttons', async () => {
    const find = findState();
    render(
      <FindBar
        query="learning rate"
        mode="question"
        find={find}
        onQuery={vi.fn()}
        onMode={vi.fn()}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('1 of 2');
    const input = screen.getByRole('searchbox');
    await userEvent.type(input, '{Enter}');
    await userEvent.type(input, '{Shift>}{Enter}{/Shift}');
    await userEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(find.next).toHaveBeenCalledTimes(2);
    expect(find.previous).toHaveBeenCalledTimes(1);
  });

  it.each([
    {
      when: 'no sentence clearly answers a question (the hits are offered as related)',
      state: { clearAnswer: false },
      status: 'no sentence clearly answers this · related 1 of 2',
    },
    {
      when: 'a just-uploaded paper is matched by its words only',
      state: { wordsOnly: true },
      status: '1 of 2 · matching words only while this paper is being read',
    },
  ])('says when $when', ({ state, status }) => {
    render(
      <FindBar
        query="what GPU was used?"
        mode="question"
        find={findState(state)}
        onQuery={vi.fn()}
        onMode={vi.fn()}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(status);
  });

  it('says when nothing matches and switches to exact text', async () => {
    const onMode = vi.fn();
    render(
      <FindBar
        query="zebra"
        mode="question"
        find={findState({ hits: [] })}
        onQuery={vi.fn()}
        onMode={onMode}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('no matches');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next match' }).disabled).toBe(
      true,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Exact text' }));
    expect(onMode).toHaveBeenCalledWith('text');
  });
});

describe('sentence text', () => {
  it('marks the highlighted spans and keeps paper text as text', () => {
    const text = 'Rate <img src=x onerror=alert(1)> is 0.001.';
    const { container } = render(
      <p>
        <SentenceText text={text} marks={[{ start: 37, end: 42, current: true }]} />
      </p>,
    );
    expect(container.textContent).toBe(text);
    expect(container.querySelector('img')).toBeNull();
    const mark = container.querySelector('mark');
    expect(mark?.textContent).toBe('0.001');
    expect(mark?.className).toBe('current');
  });

  it('ignores marks outside the sentence', () => {
    const { container } = render(
      <p>
        <SentenceText text="short" marks={[{ start: 2, end: 99, current: false }]} />
      </p>,
    );
    expect(container.textContent).toBe('short');
    expect(container.querySelector('mark')).toBeNull();
  });
});
