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
import { e2eApiToken, startQuarryServer } from './support/quarry-server';
import type { RunningServer } from './support/quarry-server';

const fixtures = join(import.meta.dirname, 'fixtures');
const citedPaper = 'street-scene-adaptation';

/**
 * A paper long enough to scroll through (thousands of pixels): river gauges, measured season by
 * season, so that nothing in it answers the other tests' questions.
 */
function longPaperText(): string {
  const sections = ['Introduction', 'Stations', 'Measurements', 'Seasons', 'Floods', 'Discussion'];
  const lines = ['Discharge Records from Twelve River Gauges', ''];
  sections.forEach((section, sectionIndex) => {
    lines.push(section, '');
    const sentences = Array.from({ length: 14 }, (_, index) => {
      const station = sectionIndex * 14 + index + 1;
      return `Gauge ${station} on the northern tributary logged a mean discharge of ${40 + station} cubic metres per second during the wet months, and its readings were checked against a second sensor mounted ${station % 5} metres upstream.`;
    });
    lines.push(sentences.join(' '), '');
  });
  return lines.join('\n');
}

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

  let longPaper: string;

  beforeAll(async () => {
    server = await startQuarryServer({ papers: join(fixtures, 'papers') });
    const form = new FormData();
    form.append('file', new Blob([longPaperText()], { type: 'text/plain' }), 'river-gauges.txt');
    const uploaded = await fetch(`${server.url}/api/papers`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${e2eApiToken}` },
    });
    if (uploaded.status !== 201) throw new Error(`upload failed: ${await uploaded.text()}`);
    longPaper = ((await uploaded.json()) as { papers: { id: string }[] }).papers[0]?.id ?? '';
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

  const findCount = () => page.locator('.find-count');
  const currentSentenceId = () => page.locator('.sentence.current').getAttribute('id');
  const hashOf = () => new URL(page.url()).hash;

  it("reader: Ctrl+F and / focus the question box instead of the browser's find", async () => {
    await page.goto(`${server.url}/papers/${citedPaper}`);
    await page.locator('.paper-text h2').first().click();
    await page.evaluate(() => {
      const record = window as unknown as { prevented?: boolean[] };
      record.prevented = [];
      window.addEventListener('keydown', (event) => {
        if (event.key === 'f' || event.key === '/') record.prevented?.push(event.defaultPrevented);
      });
    });
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
    const prevented = () =>
      page.evaluate(() => (window as unknown as { prevented: boolean[] }).prevented);
    expect(await focusedId()).not.toBe('find-input');
    await page.keyboard.press('Control+f');
    expect(await focusedId()).toBe('find-input');
    expect(await prevented()).toEqual([true]);

    await page.locator('.paper-text h2').first().click();
    await page.keyboard.press('/');
    expect(await focusedId()).toBe('find-input');
    // Typed into the box, "/" is just a character.
    await page.keyboard.type('loss/weight');
    await expect(page.inputValue('#find-input')).resolves.toBe('loss/weight');
    await page.keyboard.press('Control+f');
    await expect(
      page.evaluate(() => {
        const input = document.activeElement as HTMLInputElement;
        return [input.selectionStart, input.selectionEnd];
      }),
    ).resolves.toEqual([0, 'loss/weight'.length]);
  });

  it('reader: the address follows the current hit, and opening it lands on that hit', async () => {
    await page.goto(`${server.url}/papers/${citedPaper}`);
    await page.fill('#find-input', 'what learning rate is used for training');
    await expect.poll(() => findCount().textContent()).toMatch(/^1 of \d+$/);
    await expect.poll(hashOf).toBe(`#${await currentSentenceId()}`);
    await page.press('#find-input', 'Enter');
    await expect.poll(() => findCount().textContent()).toMatch(/^2 of /);
    await expect.poll(hashOf).toBe(`#${await currentSentenceId()}`);
    const second = page.url();
    expect(second).toMatch(/\?q=what%20learning%20rate.*#s-\d+$/);
    await page.press('#find-input', 'Shift+Enter');
    await expect.poll(() => findCount().textContent()).toMatch(/^1 of /);
    await expect.poll(hashOf).toBe(`#${await currentSentenceId()}`);
    expect(page.url()).not.toBe(second);

    await page.goto('about:blank');
    await page.goto(second);
    await expect.poll(() => findCount().textContent()).toMatch(/^2 of /);
    expect(`#${await currentSentenceId()}`).toBe(new URL(second).hash);
    expect(page.url()).toBe(second);
    const box = await page.locator('.sentence.current').boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 720).toBe(true);
    await screenshot(page, 'polish-04-reader-opened-at-second-hit');
  });

  it('reader: the question form opens beside text selected far down a long paper, its input whole', async () => {
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 375, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/papers/${encodeURIComponent(longPaper)}`);
      const sentence = page.locator('.sentence', { hasText: 'Gauge 80 on the northern' });
      await sentence.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
      // A double click on the word "discharge", as a reader would select it.
      const word = await sentence.evaluate((element) => {
        const text = element.firstChild;
        const at = text?.textContent?.indexOf('discharge') ?? -1;
        if (!text || at < 0) return null;
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + 'discharge'.length);
        const box = range.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      });
      if (!word) throw new Error('the sentence has no word "discharge"');
      await page.mouse.dblclick(word.x, word.y);
      const form = page.getByRole('form', { name: 'Add a question' });
      await form.waitFor();
      const selected = await sentence.boundingBox();
      const formBox = await form.boundingBox();
      const input = await page.locator('#annotation-question').boundingBox();
      if (!selected || !formBox || !input) throw new Error('nothing to measure');
      const where = { viewport: viewport.width, selected, formBox, input };
      // Just below the selected word, inside the window, the input as wide as the form allows.
      expect(formBox.y, JSON.stringify(where)).toBeGreaterThan(selected.y);
      expect(formBox.y, JSON.stringify(where)).toBeLessThan(selected.y + selected.height + 40);
      expect(formBox.y + formBox.height).toBeLessThanOrEqual(viewport.height);
      expect(formBox.x).toBeGreaterThanOrEqual(0);
      expect(formBox.x + formBox.width).toBeLessThanOrEqual(viewport.width);
      expect(input.x + input.width).toBeLessThanOrEqual(formBox.x + formBox.width);
      expect(input.width).toBeGreaterThan(Math.min(300, viewport.width - 80));
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(
        'annotation-question',
      );
      await screenshot(page, `polish-05-annotate-beside-selection-${viewport.width}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => form.count()).toBe(0);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  });
});
