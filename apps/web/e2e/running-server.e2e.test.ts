/**
 * End-to-end, from an empty Quarry: the pages say there are no papers and how to add some; papers
 * added to the running server — by `quarry ingest papers` in another process and by the upload page
 * — while a chat is open are found by answer search and by that chat within seconds, with the
 * server never restarted; the papers library lists, searches and deletes; the database opens intact
 * after the server stops; and the browser logs no console errors. Screenshots go to
 * test-results/e2e/.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot, screenshotFolder, seriousViolations } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import type { PageProblem } from './support/page-problems';
import { e2eApiToken, quarryBinary, startQuarryServer } from './support/quarry-server';
import type { RunningServer } from './support/quarry-server';

const runFile = promisify(execFile);
const fixtures = join(import.meta.dirname, 'fixtures');
/** How long a paper added to the running server may take to show up in answer search. */
const searchableWithinMs = 10_000;

async function quarry(args: string[]) {
  return runFile(process.execPath, [quarryBinary, ...args], {
    env: { ...process.env, QUARRY_API_TOKEN: e2eApiToken },
  });
}

describe('an empty Quarry filled while it runs', () => {
  let server: RunningServer;
  let browser: Browser;
  let chat: Page;
  let page: Page;
  /** What each page the test opened did wrong (console errors among it). */
  const watchedLists: PageProblem[][] = [];
  /** Milliseconds each step took, written to test-results/e2e/running-server-timings.json. */
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    server = await startQuarryServer();
    browser = await launchChromium();
    chat = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    watchedLists.push(watchPageProblems(chat), watchPageProblems(page));
  }, 300_000);
  const consoleErrors = () =>
    watchedLists
      .flat()
      .filter((problem) => problem.kind === 'console' || problem.kind === 'exception');

  afterAll(async () => {
    await writeFile(
      join(screenshotFolder, 'running-server-timings.json'),
      JSON.stringify(timings, null, 2),
    ).catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  const answerPaperIds = async (question: string) => {
    const response = await fetch(
      `${server.url}/api/answers/search?q=${encodeURIComponent(question)}`,
    );
    const body = (await response.json()) as { hits: { paperId: string; text: string }[] };
    return body.hits;
  };

  it('says there are no papers yet and how to add some', async () => {
    await page.goto(`${server.url}/papers`);
    await page.getByText('There are no papers in Quarry yet').waitFor();
    await page.getByText('npx quarry ingest papers DIR').first().waitFor();
    await screenshot(page, '20-empty-library');
    await page.goto(`${server.url}/search?q=learning%20rate`);
    await page
      .getByText('There are no papers in Quarry yet, so there is nothing to answer from.')
      .waitFor();
    await page.getByRole('link', { name: 'Add a paper' }).first().waitFor();
    await screenshot(page, '21-empty-search');
    expect(server.log()).toContain('no papers yet');
  });

  it('finds papers sent by quarry ingest papers within seconds, in answer search and in the open chat', async () => {
    await chat.goto(`${server.url}/`);
    await chat.fill('#chat-input', 'What learning rate does the Cityscapes paper use?');
    await chat.press('#chat-input', 'Enter');
    await chat.locator('.message.assistant .message-text').first().waitFor();

    const cliStartedAt = Date.now();
    const sent = await quarry([
      'ingest',
      'papers',
      join(fixtures, 'papers'),
      '--db',
      server.database,
      '--json',
    ]);
    const sentAt = Date.now();
    timings.cliIngestTwoPapersMs = sentAt - cliStartedAt;
    expect(sent.stderr).toContain('sending the papers through it');
    expect(JSON.parse(sent.stdout.trim().split('\n').pop() ?? '{}')).toMatchObject({
      papers: 2,
      inserted: 2,
      errors: 0,
    });
    await expect
      .poll(async () => (await answerPaperIds('learning rate for training'))[0]?.text ?? '', {
        timeout: searchableWithinMs,
      })
      .toContain('learning rate of 0.00025');
    timings.searchableAfterCliMs = Date.now() - sentAt;
    expect(timings.searchableAfterCliMs).toBeLessThan(searchableWithinMs);

    await page.goto(`${server.url}/search?q=${encodeURIComponent('learning rate for training')}`);
    const first = page.locator('.answers li').first();
    await first.waitFor();
    await expect(first.locator('.answer-sentence').textContent()).resolves.toContain(
      'learning rate of 0.00025',
    );
    await screenshot(page, '22-found-after-cli-ingest');

    await chat.fill('#chat-input', 'What learning rate does the Cityscapes paper use?');
    await chat.press('#chat-input', 'Enter');
    const answers = chat.getByRole('list', { name: 'Answering sentences' }).last();
    await answers.waitFor({ timeout: searchableWithinMs });
    await expect(answers.locator('.citation-link').first().textContent()).resolves.toContain(
      'learning rate of 0.00025',
    );
    await screenshot(chat, '23-chat-answers-after-cli-ingest');
  });

  it('finds a paper uploaded on the web app within seconds', async () => {
    await page.goto(`${server.url}/sign-in#token=${e2eApiToken}`);
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await page.goto(`${server.url}/upload`);
    await page.setInputFiles('#paper-file', join(fixtures, 'upload-optimizer-study.txt'));
    const uploadStartedAt = Date.now();
    await page.getByRole('button', { name: 'Upload' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Added and searchable' })
      .waitFor({ timeout: 60_000 });
    const uploadedAt = Date.now();
    timings.uploadUntilSearchableShownMs = uploadedAt - uploadStartedAt;
    await expect
      .poll(
        async () => (await answerPaperIds('which optimizer do they train with'))[0]?.text ?? '',
        {
          timeout: searchableWithinMs,
        },
      )
      .toContain('Adam optimizer');
    timings.searchableAfterUploadMs = Date.now() - uploadedAt;
    expect(timings.searchableAfterUploadMs).toBeLessThan(searchableWithinMs);
    await page.getByText('Quarry holds 3 papers').waitFor();
  });

  it('lists, searches and deletes papers in the library', async () => {
    await page.goto(`${server.url}/papers`);
    await page.getByRole('status').filter({ hasText: '3 papers' }).waitFor();
    await screenshot(page, '24-library');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.fill('#paper-title-search', 'optimizer');
    await page
      .getByRole('status')
      .filter({ hasText: '1 paper with “optimizer” in the title' })
      .waitFor();
    const optimizer = page.getByRole('link', {
      name: 'Optimizer Choices for Small Segmentation Networks',
    });
    const href = (await optimizer.getAttribute('href')) ?? '';
    const paperId = decodeURIComponent(href.replace('/papers/', ''));
    expect(paperId).toMatch(/^upload-optimizer-study-[0-9a-f]{12}$/);

    await page
      .getByRole('button', { name: 'Delete Optimizer Choices for Small Segmentation Networks' })
      .click();
    await screenshot(page, '25-library-confirm-delete');
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText('Deleted “Optimizer Choices for Small Segmentation Networks”.').waitFor();
    await page.getByText('No paper title contains “optimizer”.').waitFor();
    await page.fill('#paper-title-search', '');
    await page
      .getByRole('status')
      .filter({ hasText: /^2 papers$/ })
      .waitFor();
    await screenshot(page, '26-library-after-delete');

    expect((await fetch(`${server.url}/api/papers/${paperId}`)).status).toBe(404);
    const hits = await answerPaperIds('which optimizer do they train with');
    expect(hits.map((hit) => hit.paperId)).not.toContain(paperId);
  });

  it('is readable at 375 px: the library does not scroll sideways', async () => {
    const narrow = await browser.newPage({ viewport: { width: 375, height: 740 } });
    watchedLists.push(watchPageProblems(narrow));
    try {
      await narrow.goto(`${server.url}/papers`);
      await narrow.getByRole('status').filter({ hasText: '2 papers' }).waitFor();
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      await screenshot(narrow, '27-library-narrow');
    } finally {
      await narrow.close();
    }
  });

  it('logged no console errors in the browser', () => {
    expect(consoleErrors()).toEqual([]);
  });

  it('never restarted the server, and the database opens intact after it stops', async () => {
    expect(server.log().match(/listening on/g)).toHaveLength(1);
    expect(await server.halt()).toBe(0);
    const stats = await quarry(['stats', '--db', server.database, '--json']);
    expect(JSON.parse(stats.stdout.trim().split('\n').pop() ?? '{}')).toMatchObject({ papers: 2 });
  });
});
