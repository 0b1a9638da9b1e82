/**
 * @module Debian's Chromium driven by playwright-core for end-to-end tests, with screenshots of each
 * step saved under test-results/e2e/ (look at them), and an axe-core audit of the current page.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import axe from 'axe-core';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { repositoryRoot } from './quarry-server';

/** Where Debian installs Chromium; override with QUARRY_CHROMIUM. */
export const chromiumPath = process.env.QUARRY_CHROMIUM ?? '/usr/bin/chromium';
export const screenshotFolder = join(repositoryRoot, 'test-results', 'e2e');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotFolder, { recursive: true });
  await page.screenshot({ path: join(screenshotFolder, `${name}.png`), fullPage: false });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/** Serious and critical axe-core violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: () => Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: unknown[] }[];
          }>;
        };
      }
    ).axe.run();
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.length,
    }));
  });
  return violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
}
