/**
 * End-to-end, in Chromium against the real server: dataset cards link to their homepage and the
 * paper that introduced them, a recommendation shows five and then "Show more", and exports as
 * BibTeX and CSV files; the datasets page sorts by year and links each dataset onwards.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import type { PageProblem } from './support/page-problems';
import { startQuarryServer } from './support/quarry-server';
import type { RunningServer } from './support/quarry-server';

const fixtures = join(import.meta.dirname, 'fixtures');

describe('datasets polish', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblem[];

  beforeAll(async () => {
    server = await startQuarryServer({ papers: join(fixtures, 'papers') });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    problems = watchPageProblems(page);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const downloaded = async (button: string) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).last().click(),
    ]);
    const path = await download.path();
    return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  };

  it('a recommendation shows five cards, then more on request, each linking onwards', async () => {
    await page.goto(`${server.url}/`);
    await page.fill('#chat-input', 'I need data about street scenes in cities');
    await page.press('#chat-input', 'Enter');
    const replies = page.getByRole('group', { name: /^Choose a / });
    await replies
      .getByRole('button', { name: /segmentation/i })
      .first()
      .click();
    const cards = page.locator('.dataset-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(5);
    const more = page.getByRole('button', { name: /^Show \d+ more$/ });
    const extra = Number(/\d+/.exec((await more.textContent()) ?? '')?.[0]);
    expect(extra).toBeGreaterThan(0);

    const cityscapes = page.locator('.dataset-card[aria-label="Cityscapes"]');
    await expect(
      cityscapes.getByRole('link', { name: 'Homepage' }).getAttribute('href'),
    ).resolves.toBe('https://www.cityscapes-dataset.com/');
    const paper = cityscapes.getByRole('link', {
      name: 'The Cityscapes Dataset for Semantic Urban Scene Understanding',
    });
    await expect(paper.getAttribute('href')).resolves.toBe('https://arxiv.org/abs/1604.01685');
    await expect(paper.getAttribute('rel')).resolves.toContain('noopener');
    await screenshot(page, 'polish-10-card-links');

    await more.click();
    await expect.poll(() => cards.count()).toBe(5 + extra);
    expect(await more.count()).toBe(0);
    const names = await cards.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-label') ?? ''),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it('exports the shown list as CSV (one row each) and BibTeX (one entry per known paper)', async () => {
    const cards = page.locator('.dataset-card');
    const names = await cards.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-label') ?? ''),
    );
    const csv = await downloaded('Export CSV');
    expect(csv.name).toMatch(/^quarry-datasets-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text.split('\r\n').filter((line) => line !== '');
    expect(lines[0]?.startsWith('name,full name,year,')).toBe(true);
    expect(lines).toHaveLength(names.length + 1);
    expect(lines.slice(1).map((line) => line.split(',')[0]?.replace(/^"|"$/g, ''))).toEqual(
      names.map((name) => (name.includes(',') ? name.split(',')[0] : name)),
    );
    expect(csv.text).toContain(`${server.url}/datasets/Cityscapes`);

    const bibtex = await downloaded('Export BibTeX');
    expect(bibtex.name).toMatch(/\.bib$/);
    const entries = bibtex.text.match(/^@misc\{[^,]+,$/gm) ?? [];
    const withPaper = await cards.evaluateAll(
      (elements) =>
        elements.filter((element) => /Introduced in/.test(element.textContent ?? '')).length,
    );
    expect(entries).toHaveLength(withPaper);
    expect(bibtex.text).toContain(
      'title = {The Cityscapes Dataset for Semantic Urban Scene Understanding}',
    );
    expect(problems).toEqual([]);
  });

  it('the datasets page sorts by year, newest first, and a dataset page links its paper', async () => {
    await page.goto(`${server.url}/datasets?name=c`);
    await page.locator('.dataset-list li').first().waitFor();
    await page.getByLabel('Sort by').selectOption('year');
    await page.waitForURL(/sort=year/);
    const shownYears = () =>
      page
        .locator('.dataset-list li .facts')
        .evaluateAll((elements) =>
          elements.map((element) => Number(/^(\d{4})/.exec(element.textContent ?? '')?.[1] ?? 0)),
        );
    // The address changes before the sorted list arrives: wait for the list, not the address.
    await expect
      .poll(async () => {
        const years = await shownYears();
        return years.length > 3 && years.every((year, at) => at === 0 || years[at - 1]! >= year);
      })
      .toBe(true);
    const years = await shownYears();
    expect(years).toEqual([...years].sort((a, b) => b - a));
    await screenshot(page, 'polish-11-datasets-sorted-by-year');

    await page.goto(`${server.url}/datasets/Cityscapes`);
    const introduced = page.locator('dt', { hasText: 'Introduced in' }).locator('+ dd a');
    await expect(introduced.getAttribute('href')).resolves.toBe('https://arxiv.org/abs/1604.01685');
    await expect(
      page.locator('dt', { hasText: 'Homepage' }).locator('+ dd a').getAttribute('href'),
    ).resolves.toBe('https://www.cityscapes-dataset.com/');
    await screenshot(page, 'polish-12-dataset-page-links');
    expect(problems).toEqual([]);
  });
});
