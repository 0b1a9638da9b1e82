/**
 * End-to-end: the real server (`quarry serve` on the embedded DB, shipped model, local agent) and
 * the built web app, driven in Debian's Chromium. Screenshots of each step go to test-results/e2e/.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot, screenshotFolder, seriousViolations } from './support/browser';
import { e2eApiToken, startQuarryServer } from './support/quarry-server';
import type { RunningServer } from './support/quarry-server';

const fixtures = join(import.meta.dirname, 'fixtures');
const citedPaper = 'street-scene-adaptation';

describe('web app end to end', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    server = await startQuarryServer({ papers: join(fixtures, 'papers') });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  }, 300_000);

  afterAll(async () => {
    await writeFile(join(screenshotFolder, 'timings.json'), JSON.stringify(timings, null, 2));
    await browser?.close();
    await server?.stop();
  });

  const findCount = () => page.locator('.find-count');

  it('chat: clarify, then a recommendation whose citation opens the reader at that sentence', async () => {
    await page.goto(`${server.url}/`);
    await page.fill('#chat-input', 'I need data about street scenes in cities');
    const sentAt = Date.now();
    await page.press('#chat-input', 'Enter');
    await page.locator('.message.assistant .message-text').first().waitFor();
    timings.firstTokenMs = Date.now() - sentAt;
    const replies = page.getByRole('group', { name: /^Choose a / });
    await replies.waitFor();
    await expect(
      replies.getByRole('button', { name: /^(Skip|No preference)$/ }).count(),
    ).resolves.toBe(1);
    await screenshot(page, '01-chat-clarify');

    const segmentation = replies.getByRole('button', { name: /segmentation/i }).first();
    await segmentation.click();
    const card = page.locator('.dataset-card[aria-label="Cityscapes"]');
    await card.waitFor();
    await screenshot(page, '02-chat-recommendation');

    const citation = card.locator('.citation-link').first();
    const quoted = (await citation.textContent())?.replace(/[“”]/g, '') ?? '';
    await citation.click();
    await page.waitForURL(new RegExp(`/papers/${citedPaper}#s-\\d+$`));
    const sentence = Number(/#s-(\d+)$/.exec(page.url())?.[1]);
    const target = page.locator(`#s-${sentence}`);
    await target.waitFor();
    await expect(target.getAttribute('class')).resolves.toContain('target');
    expect((await target.textContent())?.trim()).toBe(quoted.trim());
    await expect(target.isVisible()).resolves.toBe(true);
    const box = await target.boundingBox();
    expect(box && box.y >= 0 && box.y < 800).toBe(true);
    await screenshot(page, '03-reader-at-cited-sentence');
  });

  it('chat: a question about a paper is answered with its sentence, linking into the reader', async () => {
    await page.goto(`${server.url}/`);
    await page.fill('#chat-input', 'What learning rate does the Cityscapes paper use?');
    await page.press('#chat-input', 'Enter');
    const answers = page.getByRole('list', { name: 'Answering sentences' });
    await answers.waitFor();
    const first = answers.locator('.citation-link').first();
    await expect(first.textContent()).resolves.toContain('learning rate of 0.00025');
    await expect(first.getAttribute('href')).resolves.toMatch(
      new RegExp(`^/papers/${citedPaper}#s-\\d+$`),
    );
    await screenshot(page, '03b-chat-paper-question');
  });

  it('reader: natural-language Ctrl+F ranks the answer first and moves next / previous', async () => {
    await page.goto(`${server.url}/papers/${citedPaper}`);
    await page.fill('#find-input', 'what learning rate is used for training');
    await expect.poll(() => findCount().textContent()).toMatch(/^1 of \d+$/);
    const total = Number(/of (\d+)/.exec((await findCount().textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(2);
    await expect(page.locator('.sentence.current').textContent()).resolves.toContain(
      'learning rate of 0.00025',
    );
    await screenshot(page, '04-find-question');
    await page.press('#find-input', 'Enter');
    await expect.poll(() => findCount().textContent()).toMatch(/^2 of /);
    await page.press('#find-input', 'Shift+Enter');
    await expect.poll(() => findCount().textContent()).toMatch(/^1 of /);
    await page.getByRole('button', { name: 'Previous match' }).click();
    await expect
      .poll(() => findCount().textContent())
      .toMatch(new RegExp(`^${total} of ${total}$`));
    expect(page.url()).toContain('?q=what%20learning%20rate');

    await page.getByRole('radio', { name: 'Exact text' }).check();
    await page.fill('#find-input', 'Cityscapes');
    await expect.poll(() => findCount().textContent()).toMatch(/^1 of 2$/);
    await expect(page.locator('.sentence.current mark').first().textContent()).resolves.toBe(
      'Cityscapes',
    );
    await screenshot(page, '05-find-exact-text');
  });

  it('sign-in: adding needs the token; a wrong one is refused, the right one signs in once', async () => {
    await page.goto(`${server.url}/upload`);
    await page.getByText('Adding papers needs the server’s API token.').waitFor();
    await page.getByRole('link', { name: 'Sign in', exact: true }).first().click();
    await page.waitForURL(/\/sign-in\?next=/);
    await page.fill('#api-token', 'not-the-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'not the API token' }).waitFor();
    await page.fill('#api-token', e2eApiToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/upload$/);
    await page.getByRole('heading', { name: 'Add a paper' }).waitFor();
    expect(await page.getByText('Adding papers needs the server’s API token.').count()).toBe(0);
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'quarry_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.value).not.toContain(e2eApiToken);
    await screenshot(page, '05a-signed-in');
  });

  it('reader: select text to add a question about it', async () => {
    await page.goto(`${server.url}/papers/${citedPaper}`);
    const sentence = page.locator('.sentence', { hasText: 'batch size of 8' });
    await sentence.waitFor();
    await sentence.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      element.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    });
    await page.fill('#annotation-question', 'How many images are in one training step?');
    await page.getByRole('button', { name: 'Save question' }).click();
    await page.getByText('Question saved.').waitFor();
    await screenshot(page, '05b-annotation-saved');
    const stored = (await (
      await fetch(`${server.url}/api/annotations?paper=${citedPaper}`)
    ).json()) as {
      annotations: { question: string }[];
    };
    expect(stored.annotations.map((annotation) => annotation.question)).toContain(
      'How many images are in one training step?',
    );
  });

  it('upload: a new paper is searchable at once', async () => {
    await page.goto(`${server.url}/upload`);
    await page.setInputFiles('#paper-file', join(fixtures, 'upload-optimizer-study.txt'));
    await page.getByRole('button', { name: 'Upload' }).click();
    const added = page.getByRole('status').filter({ hasText: 'Added and searchable' });
    await added.waitFor({ timeout: 60_000 });
    await screenshot(page, '06-upload-done');
    await added.getByRole('link').click();
    await page.waitForURL(/\/papers\/upload-optimizer-study/);
    await page.fill('#find-input', 'which optimizer do they train with');
    await expect.poll(() => findCount().textContent()).toMatch(/^1 of /);
    await expect(page.locator('.sentence.current').textContent()).resolves.toContain(
      'Adam optimizer',
    );
    await screenshot(page, '07-upload-then-find');
  });

  it('hostile paper text stays text', async () => {
    await page.goto(`${server.url}/papers/hostile-paper`);
    await page.getByText('<script>window.hostile = true</script>', { exact: false }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { hostile?: boolean }).hostile),
    ).toBeUndefined();
    expect(await page.locator('.paper-text img, .paper-text script').count()).toBe(0);
    await screenshot(page, '08-hostile-text');
  });

  it('answer search shows the answering sentence in context with a link into the document', async () => {
    await page.goto(`${server.url}/search`);
    await page.fill('#answer-query', 'learning rate');
    await page.press('#answer-query', 'Enter');
    const first = page.locator('.answers li').first();
    await first.waitFor();
    await expect(first.locator('.answer-sentence').textContent()).resolves.toContain(
      'learning rate',
    );
    await expect(
      first.getByRole('link', { name: 'View in document' }).getAttribute('href'),
    ).resolves.toMatch(/^\/papers\/.+\?q=learning%20rate#s-\d+$/);
    await screenshot(page, '09-answer-search');
  });

  it('datasets: filter by modality and open a dataset page', async () => {
    await page.goto(`${server.url}/datasets?modality=video`);
    await page.locator('.dataset-list li').first().waitFor();
    const status = (await page.getByRole('status').first().textContent()) ?? '';
    expect(Number(/(\d+) dataset/.exec(status)?.[1])).toBeGreaterThan(0);
    await page.locator('.dataset-list li h2 a').first().click();
    await page.waitForURL(/\/datasets\/.+/);
    await page
      .getByRole('heading', { level: 2, name: 'Sentences from papers that use it' })
      .waitFor();
    await screenshot(page, '10-dataset-page');
  });

  it('has no serious or critical axe-core violations on the four pages', async () => {
    const pages = {
      chat: '/',
      reader: `/papers/${citedPaper}?q=learning%20rate`,
      search: '/search?q=learning%20rate',
      datasets: '/datasets',
    };
    const found: Record<string, unknown[]> = {};
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(`${server.url}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      found[name] = await seriousViolations(page);
    }
    expect(found).toEqual({ chat: [], reader: [], search: [], datasets: [] });
  });

  it('is readable at 375 px wide: no page scrolls sideways', async () => {
    const narrow = await browser.newPage({ viewport: { width: 375, height: 740 } });
    try {
      for (const [name, path] of [
        ['chat', '/'],
        ['reader', `/papers/${citedPaper}?q=learning%20rate`],
        ['search', '/search?q=learning%20rate'],
        ['datasets', '/datasets'],
        ['upload', '/upload'],
      ] as const) {
        await narrow.goto(`${server.url}${path}`);
        await narrow.locator('main h1').first().waitFor();
        await narrow.waitForLoadState('networkidle');
        const width = await narrow.evaluate(() => document.documentElement.scrollWidth);
        expect({ name, width }).toEqual({ name, width: 375 });
        await screenshot(narrow, `11-narrow-${name}`);
      }
    } finally {
      await narrow.close();
    }
  });
});
