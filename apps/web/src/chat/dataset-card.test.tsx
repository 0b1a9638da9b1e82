// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatasetCardData } from '../shared/api-types';
import { DatasetCard } from './dataset-card';
import { RecommendationList } from './recommendation-list';
import { QuickReplies, skipReply } from './quick-replies';

afterEach(cleanup);

const card: DatasetCardData = {
  datasetId: 'Cityscapes',
  name: 'Cityscapes',
  fullName: null,
  year: 2016,
  modalities: ['Images'],
  tasks: ['Semantic Segmentation'],
  languages: [],
  size: '5,000 images',
  homepage: null,
  why: 'tasks: Semantic Segmentation',
  citations: [
    {
      paperId: 'street scenes',
      paperTitle: 'Adapting Street Scene Segmentation',
      sentenceIndex: 7,
      text: 'We evaluate on Cityscapes <b>bold</b>.',
    },
  ],
};

describe('dataset card', () => {
  it('shows the facts, why it fits, and a citation linking to the reader at that sentence', () => {
    render(<DatasetCard card={card} />);
    expect(screen.getByRole('heading', { name: 'Cityscapes' })).toBeTruthy();
    expect(screen.getByText('2016 · Images · Semantic Segmentation · 5,000 images')).toBeTruthy();
    expect(screen.getByText('tasks: Semantic Segmentation')).toBeTruthy();
    const link = screen.getByRole('link', { name: /We evaluate on Cityscapes/ });
    expect(link.getAttribute('href')).toBe('/papers/street%20scenes#s-7');
    expect(link.textContent).toContain('<b>bold</b>');
    expect(link.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cityscapes' }).getAttribute('href')).toBe(
      '/datasets/Cityscapes',
    );
  });

  it('links to the homepage and the introducing paper, and shows the licence', () => {
    render(
      <DatasetCard
        card={{
          ...card,
          homepage: 'https://www.cityscapes-dataset.com/',
          paperTitle: 'The Cityscapes Dataset',
          paperUrl: 'https://arxiv.org/abs/1604.01685',
          license: 'CC BY-NC 4.0',
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Homepage' }).getAttribute('href')).toBe(
      'https://www.cityscapes-dataset.com/',
    );
    const paper = screen.getByRole('link', { name: 'The Cityscapes Dataset' });
    expect(paper.getAttribute('href')).toBe('https://arxiv.org/abs/1604.01685');
    expect(paper.closest('span')?.textContent).toBe('Introduced in The Cityscapes Dataset');
    expect(screen.getByText('Licence: CC BY-NC 4.0')).toBeTruthy();
  });

  it('keeps an unknown paper URL as text, and never links a non-web address', () => {
    render(
      <DatasetCard
        card={{
          ...card,
          homepage: 'javascript:alert(1)',
          paperTitle: 'Old Paper',
          paperUrl: null,
        }}
      />,
    );
    expect(screen.getByText('Introduced in Old Paper')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Old Paper' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Homepage' })).toBeNull();
    expect(screen.queryByText(/Licence/)).toBeNull();
  });

  it('says so when no paper mentions the dataset', () => {
    render(<DatasetCard card={{ ...card, citations: [] }} />);
    expect(screen.getByText(/No sentence from an indexed paper/)).toBeTruthy();
  });
});

describe('a recommendation before any paper is indexed', () => {
  const stubPapers = (papers: number) =>
    vi.stubGlobal('fetch', (input: string) =>
      Promise.resolve(
        new Response(JSON.stringify(input.startsWith('/api/health') ? { papers } : {}), {
          status: 200,
        }),
      ),
    );
  const uncited = [
    { ...card, citations: [] },
    { ...card, datasetId: 'KITTI', name: 'KITTI', citations: [] },
  ];

  it('says once, above the cards, that no papers are indexed and how to add some', async () => {
    stubPapers(0);
    render(<RecommendationList datasets={uncited} />);
    expect(await screen.findByText(/No papers are indexed yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a paper' })).toBeTruthy();
    expect(screen.queryByText(/No sentence from an indexed paper/)).toBeNull();
    vi.unstubAllGlobals();
  });

  it('keeps the note on each card once papers are indexed', async () => {
    stubPapers(3);
    render(<RecommendationList datasets={uncited} />);
    await vi.waitFor(() =>
      expect(screen.getAllByText(/No sentence from an indexed paper/)).toHaveLength(2),
    );
    expect(screen.queryByText(/No papers are indexed yet/)).toBeNull();
    vi.unstubAllGlobals();
  });
});

describe('quick replies', () => {
  it('offers every option and a skip, and sends the chosen text', async () => {
    const onReply = vi.fn();
    render(
      <QuickReplies
        clarify={{ slot: 'modality', options: ['images', 'video'] }}
        disabled={false}
        onReply={onReply}
      />,
    );
    const group = screen.getByRole('group', { name: 'Choose a modality' });
    expect(group.querySelectorAll('button')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'video' }));
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(onReply.mock.calls).toEqual([['video'], [skipReply]]);
  });

  it('does not repeat a skip the agent already offers', () => {
    render(
      <QuickReplies
        clarify={{ slot: 'task', options: ['Segmentation', 'No preference'] }}
        disabled={false}
        onReply={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Segmentation',
      'No preference',
    ]);
  });
});
