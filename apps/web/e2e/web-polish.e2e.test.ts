/**
 * End-to-end, in Chromium against the real server: the chat keeps the newest reply in view above
 * the message box, starts a new conversation without a failed request, and renames and deletes
 * conversations; the reader's Ctrl+F and `/` shortcuts, the address that follows the current hit,
 * and the question form that opens beside the selected text.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import type { PageProblem } from './support/page-problems';
import { startQuarryServer } from './support/quarry-server';
import type { RunningServer } from './support/quarry-server';

const fixtures = join(import.meta.dirname, 'fixtures');

/** Where an element is on screen, and where the sticky message box starts. */
async function placement(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const composer = await page.locator('.composer').boundingBox();
  if (!box || !composer) throw new Error('the message or the message box is not on the page');
  return { top: box.y, bottom: box.y + box.height, composerTop: composer.y };
}

/**
 * Why the newest reply is not in view above the box (null when it is): all of it must be when it
 * fits, else its start; its first line always.
 */
async function newestReplyPlacementProblem(page: Page): Promise<string | null> {
  const reply = page.locator('.message.assistant').last();
  const { top, bottom, composerTop } = await placement(page, reply);
  const firstLine = await placement(page, reply.locator('.message-text').first());
  const where = `reply ${Math.round(top)}-${Math.round(bottom)} px, box at ${Math.round(composerTop)} px`;
  if (top < 0) return `the reply starts above the window (${where})`;
  if (firstLine.bottom > composerTop) return `the reply's first line is under the box (${where})`;
  if (bottom - top <= composerTop && bottom > composerTop)
    return `the reply fits but ends under the box (${where})`;
  if (bottom - top > composerTop && top > 24)
    return `a long reply is not shown from its start (${where})`;
  return null;
}

async function expectNewestReplyInView(page: Page) {
  await expect.poll(() => newestReplyPlacementProblem(page)).toBeNull();
}

describe('web app polish', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblem[];

  beforeAll(async () => {
    server = await startQuarryServer({ papers: join(fixtures, 'papers') });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    problems = watchPageProblems(page);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const send = async (text: string) => {
    const replies = await page.locator('.message.assistant').count();
    await page.fill('#chat-input', text);
    await page.press('#chat-input', 'Enter');
    await page.locator('.message.assistant').nth(replies).waitFor();
    await page
      .getByRole('button', { name: 'Send' })
      .and(page.locator(':not([disabled])'))
      .or(page.locator('#chat-input'))
      .first()
      .waitFor();
    // The reply has streamed in full when the URL names the conversation and the box is free.
    await expect
      .poll(() => page.locator('[role="status"]', { hasText: 'Thinking' }).count())
      .toBe(0);
  };

  it('chat: each reply, short or long, is in view above the message box', async () => {
    await page.goto(`${server.url}/`);
    await send('I need data about street scenes in cities');
    await page.getByRole('group', { name: /^Choose a / }).waitFor();
    await expectNewestReplyInView(page);

    await page
      .getByRole('group', { name: /^Choose a / })
      .getByRole('button', { name: /segmentation/i })
      .first()
      .click();
    await page.locator('.dataset-card').first().waitFor();
    await expect.poll(() => page.locator('.message.assistant').count()).toBe(2);
    await expectNewestReplyInView(page);
    await screenshot(page, 'polish-01-chat-long-reply');

    // By now the page scrolls: a short reply at the end must still clear the box.
    await send('What learning rate does the Cityscapes paper use?');
    await page.getByRole('list', { name: 'Answering sentences' }).waitFor();
    await expect.poll(() => page.locator('.message.assistant').count()).toBe(3);
    await expect
      .poll(async () => (await placement(page, page.locator('.message.assistant').last())).bottom)
      .toBeLessThanOrEqual(
        (await placement(page, page.locator('.message.assistant').last())).composerTop,
      );
    await expectNewestReplyInView(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await screenshot(page, 'polish-02-chat-short-reply-after-scroll');
  });

  it('chat: at 375 px, with the history below the chat, the reply still clears the box', async () => {
    const narrow = await browser.newPage({ viewport: { width: 375, height: 740 } });
    try {
      await narrow.goto(`${server.url}/`);
      for (const [text, replies] of [
        ['I need data about street scenes in cities', 1],
        ['semantic segmentation', 2],
        ['What learning rate does the Cityscapes paper use?', 3],
      ] as const) {
        await narrow.fill('#chat-input', text);
        await narrow.press('#chat-input', 'Enter');
        await expect.poll(() => narrow.locator('.message.assistant').count()).toBe(replies);
        await narrow.locator('#chat-input:not([disabled])').waitFor();
        await expect
          .poll(() => narrow.getByRole('button', { name: 'Send' }).isDisabled())
          .toBe(true);
        await expectNewestReplyInView(narrow);
      }
      expect(await narrow.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await screenshot(narrow, 'polish-02b-chat-narrow-reply');
    } finally {
      await narrow.close();
    }
  });

  it('chat: "New conversation" starts one without a failed request; conversations are renamed and deleted', async () => {
    await page.waitForURL(/\/\?c=/);
    const first = new URL(page.url()).searchParams.get('c') ?? '';
    problems.length = 0;
    await page.getByRole('button', { name: 'New conversation' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.locator('.message').count()).toBe(0);
    await send('image datasets for medical imaging');
    await page.waitForURL(/\/\?c=/);
    const second = new URL(page.url()).searchParams.get('c') ?? '';
    expect(second).not.toBe(first);
    expect(problems).toEqual([]);

    const history = page.getByRole('complementary', { name: 'Conversation history' });
    const firstLink = history.locator(`a[href="/?c=${first}"]`);
    await firstLink.waitFor();
    const oldTitle = (await firstLink.textContent()) ?? '';
    await history.getByRole('button', { name: `Rename “${oldTitle}”` }).click();
    await history.getByLabel('New title').fill('Street scene segmentation');
    await history.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => firstLink.textContent()).toBe('Street scene segmentation');
    await screenshot(page, 'polish-03-chat-renamed');
    await page.reload();
    await expect.poll(() => firstLink.textContent()).toBe('Street scene segmentation');

    await history.getByRole('button', { name: 'Delete “Street scene segmentation”' }).click();
    await history
      .getByRole('group', { name: /^Delete/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(() => firstLink.count()).toBe(0);
    const gone = await page.request.get(`${server.url}/api/conversations/${first}`);
    expect(gone.status()).toBe(404);
    expect(await history.locator(`a[href="/?c=${second}"]`).count()).toBe(1);
    expect(problems.filter((problem) => problem.kind !== 'http-error')).toEqual([]);
  });
});
