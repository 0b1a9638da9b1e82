/**
 * End-to-end, in Chromium against the real server: every page, error and not-found states
 * included, at 1280 and 375 px, in the light and the dark colour scheme. Each visit collects the
 * console errors, uncaught exceptions, failed requests and HTTP errors and asserts there were none
 * but the not-found answers a missing record is expected to get; in the dark scheme axe-core checks
 * the colour contrast. A screenshot of each goes to test-results/e2e/pages/ (look at them).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshotFolder } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import type { PageProblem } from './support/page-problems';
import { startQuarryServer } from './support/quarry-server';
import type { RunningServer } from './support/quarry-server';

const fixtures = join(import.meta.dirname, 'fixtures');
const pagesFolder = join(screenshotFolder, 'pages');

interface PageVisit {
  name: string;
  path: string;
  /** API paths that answer 404 on this page, as they should (a record that does not exist). */
  expectedNotFound?: string[];
  /** What a user does on the page before it is looked at. */
  act?: (page: Page) => Promise<void>;
}

/** A chat turn that ends in dataset cards, with the further ones shown. */
async function chatToRecommendation(page: Page): Promise<void> {
  await page.fill('#chat-input', 'I need data about street scenes in cities');
  await page.press('#chat-input', 'Enter');
  await page
    .getByRole('group', { name: /^Choose a / })
    .getByRole('button', { name: /segmentation/i })
    .first()
    .click();
  await page.locator('.dataset-card').first().waitFor();
  await page.getByRole('button', { name: /^Show \d+ more$/ }).click();
  await page.waitForURL(/\/\?c=/);
}

const visits: PageVisit[] = [
  { name: 'chat', path: '/' },
  { name: 'chat-recommendation', path: '/', act: chatToRecommendation },
  { name: 'search', path: '/search' },
  { name: 'search-results', path: '/search?q=learning%20rate' },
  { name: 'datasets', path: '/datasets' },
  { name: 'datasets-filtered', path: '/datasets?modality=video&sort=year' },
  { name: 'dataset', path: '/datasets/Cityscapes' },
  {
    name: 'dataset-missing',
    path: '/datasets/No-Such-Dataset',
    expectedNotFound: ['/api/datasets/No-Such-Dataset', '/api/datasets/No-Such-Dataset/citations'],
  },
  { name: 'papers', path: '/papers' },
  { name: 'reader', path: '/papers/street-scene-adaptation?q=learning%20rate' },
  {
    name: 'reader-missing',
    path: '/papers/no-such-paper',
    expectedNotFound: ['/api/papers/no-such-paper'],
  },
  { name: 'upload', path: '/upload' },
  { name: 'sign-in', path: '/sign-in' },
  { name: 'not-found', path: '/no-such-page' },
];

const widths = [1280, 375] as const;
const schemes = ['light', 'dark'] as const;

/** The problems left once the expected not-found answers (and their console lines) are removed. */
function unexpected(problems: PageProblem[], visit: PageVisit): PageProblem[] {
  const expected = new Set(visit.expectedNotFound ?? []);
  return problems.filter((problem) => {
    const path = problem.url?.split('?')[0] ?? '';
    if (!expected.has(path)) return true;
    if (problem.kind === 'http-error') return !problem.text.startsWith('404 ');
    return !(problem.kind === 'console' && problem.text.includes('status of 404'));
  });
}

async function contrastViolations(page: Page) {
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: { runOnly: string[] },
          ) => Promise<{
            violations: { id: string; nodes: { target: unknown; failureSummary?: string }[] }[];
          }>;
        };
      }
    ).axe.run(document, { runOnly: ['color-contrast'] });
    return result.violations.flatMap((violation) =>
      violation.nodes.map((node) => ({ target: node.target, why: node.failureSummary ?? '' })),
    );
  });
}

describe('every page', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startQuarryServer({ papers: join(fixtures, 'papers') });
    browser = await launchChromium();
    await mkdir(pagesFolder, { recursive: true });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const scheme of schemes) {
    for (const width of widths) {
      it(`${scheme}, ${width} px: no console errors or failed requests; screenshots`, async () => {
        const context = await browser.newContext({
          viewport: { width, height: width === 375 ? 740 : 800 },
          colorScheme: scheme,
        });
        const found: Record<string, PageProblem[]> = {};
        const contrast: Record<string, unknown[]> = {};
        try {
          const page = await context.newPage();
          const problems = watchPageProblems(page);
          for (const visit of visits) {
            problems.length = 0;
            await page.goto(`${server.url}${visit.path}`);
            // A page's heading, or the alert of an error state.
            await page
              .locator('main h1, main [role="alert"]')
              .first()
              .waitFor({ timeout: 15_000 })
              .catch((error: unknown) => {
                throw new Error(`${visit.path} showed neither a heading nor an alert`, {
                  cause: error,
                });
              });
            await visit.act?.(page);
            await page.waitForLoadState('networkidle');
            expect(
              await page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches),
            ).toBe(scheme === 'dark');
            await page.screenshot({
              path: join(pagesFolder, `${visit.name}-${width}-${scheme}.png`),
            });
            found[visit.name] = unexpected(problems, visit);
            if (visit.expectedNotFound)
              expect(problems.map((problem) => problem.kind)).toContain('http-error');
            if (scheme === 'dark' && width === 1280)
              contrast[visit.name] = await contrastViolations(page);
          }
        } finally {
          await context.close();
        }
        expect(found).toEqual(Object.fromEntries(visits.map((visit) => [visit.name, []])));
        if (scheme === 'dark' && width === 1280)
          expect(contrast).toEqual(Object.fromEntries(visits.map((visit) => [visit.name, []])));
      });
    }
  }
});
