/**
 * @module What a page did wrong while a test drove it: console errors, uncaught exceptions, failed
 * requests and HTTP error responses, collected from Chromium so a test can assert there were none
 * (or only the ones a page is expected to show, e.g. the 404 of a paper that does not exist).
 */
import type { Page } from 'playwright-core';

export interface PageProblem {
  kind: 'console' | 'exception' | 'request-failed' | 'http-error';
  text: string;
  /** The page's path when it happened. */
  at: string;
  /** The request or script the problem came from, when known. */
  url?: string;
}

/** A fetch the app cancels itself (a newer search replaces an older one) is not a failure. */
const cancelledRequest = 'net::ERR_ABORTED';

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** Starts collecting; the returned list fills as the page runs. */
export function watchPageProblems(page: Page): PageProblem[] {
  const problems: PageProblem[] = [];
  const at = () => pathOf(page.url());
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const source = message.location().url;
    problems.push({
      kind: 'console',
      text: message.text(),
      at: at(),
      ...(source ? { url: pathOf(source) } : {}),
    });
  });
  page.on('pageerror', (error) =>
    problems.push({ kind: 'exception', text: error.message, at: at() }),
  );
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'failed';
    if (failure === cancelledRequest) return;
    problems.push({ kind: 'request-failed', text: failure, at: at(), url: pathOf(request.url()) });
  });
  page.on('response', (response) => {
    if (response.status() < 400) return;
    problems.push({
      kind: 'http-error',
      text: `${response.status()} ${response.request().method()}`,
      at: at(),
      url: pathOf(response.url()),
    });
  });
  return problems;
}
