/**
 * End-to-end, in Chromium against the real server: a real PDF (shared data, real-pdfs-dev/01-*) opened
 * in the reader on a 390 px wide screen opens as text (a page fitted to a phone is drawn at 58%,
 * body text about 5 px), with body text at least 12 px and nothing wider than the screen. A
 * question from the file's question set highlights a hit; Enter and Shift+Enter move to another
 * and back. `?view=pdf` still shows the PDF there, zoomed-in pages scroll sideways to their left
 * edge, and a wide window still opens the PDF. Screenshots go to test-results/e2e/.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { hasSharedData, sharedDataPath } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot, seriousViolations } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import type { PageProblem } from './support/page-problems';
import { startQuarryServer, uploadPaper } from './support/quarry-server';
import type { RunningServer } from './support/quarry-server';

const pdfFolder = sharedDataPath('real-pdfs-dev');
// Skips locally without the shared data; in CI (CI=true) a missing folder fails the file.
const haveShared = hasSharedData('real-pdfs-dev/questions.jsonl');
const phone = { width: 390, height: 844 };

/** The middle value of the numbers. */
function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

describe.skipIf(!haveShared)('the reader on a phone-width screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblem[];
  let reader: string;
  let question: string;

  beforeAll(async () => {
    const file = (await readdir(pdfFolder)).find((name) => /^01-.*\.pdf$/.test(name)) ?? '';
    const questions = (await readFile(join(pdfFolder, 'questions.jsonl'), 'utf8'))
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { file: string; question: string });
    question = questions.find((entry) => entry.file === file)?.question ?? '';
    server = await startQuarryServer();
    const paperId = await uploadPaper(server, join(pdfFolder, file));
    reader = `${server.url}/papers/${encodeURIComponent(paperId)}`;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: phone });
    problems = watchPageProblems(page);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const findCount = () => page.locator('.find-count');
  const currentSentenceId = () => page.locator('.paper-text .sentence.current').getAttribute('id');
  const pressed = (name: string) => page.getByRole('button', { name }).getAttribute('aria-pressed');

  it('opens as text, body text at least 12 px, nothing wider than the screen', async () => {
    await page.goto(reader);
    await page.locator('.paper-text .sentence').first().waitFor();
    expect(await pressed('Text')).toBe('true');
    expect(await page.locator('.pdf-view').count()).toBe(0);
    const sizes = await page
      .locator('.paper-text .sentence')
      .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).fontSize));
    expect(median(sizes.map(Number.parseFloat))).toBeGreaterThanOrEqual(12);
    // The toolbar and the find bar fit: no sideways scrolling, every control within the screen.
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      const header = document.querySelector('.reader-header');
      return {
        page: root.scrollWidth - root.clientWidth,
        header: header ? header.scrollWidth - header.clientWidth : -1,
      };
    });
    const outside = await page.locator('.reader-header button, .reader-header input').evaluateAll(
      (controls) =>
        controls.filter((control) => {
          const box = control.getBoundingClientRect();
          return box.left < 0 || box.right > document.documentElement.clientWidth;
        }).length,
    );
    expect({ ...overflow, outside }).toEqual({ page: 0, header: 0, outside: 0 });
    await screenshot(page, 'reader-phone-01-opens-as-text');
  });

  it('a question highlights a hit; Enter and Shift+Enter move to another and back', async () => {
    await page.fill('#find-input', question);
    await expect.poll(() => findCount().textContent()).toMatch(/1 of \d+$/);
    const hitCount = Number(/of (\d+)$/.exec((await findCount().textContent()) ?? '')?.[1]);
    expect(hitCount).toBeGreaterThanOrEqual(2);
    const first = await currentSentenceId();
    expect(first).toMatch(/^s-\d+$/);
    await expect(page.locator('.paper-text .sentence.current').isVisible()).resolves.toBe(true);
    await expect.poll(() => page.url()).toContain(`#${first}`);
    await screenshot(page, 'reader-phone-02-first-hit');

    await page.press('#find-input', 'Enter');
    await expect.poll(() => findCount().textContent()).toMatch(/2 of \d+$/);
    const second = await currentSentenceId();
    expect(second).toMatch(/^s-\d+$/);
    expect(second).not.toBe(first);
    await expect.poll(() => page.url()).toContain(`#${second}`);
    expect(await page.locator('.paper-text .sentence.hit').count()).toBeGreaterThanOrEqual(2);
    await page.press('#find-input', 'Shift+Enter');
    await expect.poll(() => findCount().textContent()).toMatch(/1 of \d+$/);
    expect(await currentSentenceId()).toBe(first);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('keeps an explicit choice: ?view=pdf shows the PDF, and the toggle writes it', async () => {
    await page.goto(`${reader}?view=pdf`);
    await page.locator('.pdf-page[data-page-number="1"] .textLayer span').first().waitFor();
    expect(await pressed('PDF')).toBe('true');
    await page.getByRole('button', { name: 'Text' }).click();
    await page.locator('.paper-text').waitFor();
    expect(page.url()).toContain('view=text');
    await page.getByRole('button', { name: 'PDF' }).click();
    await page.locator('.pdf-page').first().waitFor();
    expect(page.url()).toContain('view=pdf');
    expect(problems).toEqual([]);
  });

  it('a zoomed-in page scrolls sideways to its left edge', async () => {
    const frame = page.locator('.pdf-pages');
    const pageBox = page.locator('.pdf-page[data-page-number="1"]');
    const frameWidth = (await frame.boundingBox())?.width ?? 0;
    for (let step = 0; step < 4; step += 1) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
    }
    await expect
      .poll(async () => (await pageBox.boundingBox())?.width ?? 0)
      .toBeGreaterThan(frameWidth * 1.5);
    await frame.evaluate((element) => element.scrollTo({ left: 0 }));
    const frameLeft = (await frame.boundingBox())?.x ?? 0;
    // Scrolled all the way left, the page's left edge is inside the frame, not cut off.
    expect((await pageBox.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(frameLeft);
    await screenshot(page, 'reader-phone-03-pdf-zoomed-left-edge');
  });

  it('a wide window still opens the PDF', async () => {
    const wide = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await wide.goto(reader);
      await wide.locator('.pdf-page').first().waitFor();
      expect(await wide.getByRole('button', { name: 'PDF' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
    } finally {
      await wide.close();
    }
  });
});
