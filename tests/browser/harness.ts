// Starts the real server on a real build and a real Chromium; each page records what the browser
// console says so tests can assert there is nothing wrong. By default the build is the fixture
// site's (tests/fixture-site, built once by global-setup.ts); pass distDir for another.
import type { FastifyInstance } from 'fastify';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import { defaultRetry } from '../../server/leads/retry-policy.ts';
import { MIN_SECONDS_TO_FILL } from '../../shared/lead-protocol.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { launchChromium } from './chromium.ts';

/** The production build of the real site/, made by `npm run build` (and by `npm test` before the browser tests). */
export const siteDistDir = path.join(import.meta.dirname, '..', '..', 'dist');

export interface Harness {
  baseUrl: string;
  browser: Browser;
  app: FastifyInstance;
  close: () => Promise<void>;
}

export async function startHarness(overrides: Partial<ServerConfig> = {}): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-data-'));
  const app = await buildApp({
    config: {
      port: 0,
      host: '127.0.0.1',
      distDir: fixtureDistDir,
      dataDir,
      rateLimit: 0,
      trustProxy: false,
      leadRetentionDays: 180,
      retry: defaultRetry,
      ...overrides,
    },
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchChromium();
  return {
    baseUrl,
    browser,
    app,
    close: async () => Promise.all([browser.close(), app.close()]).then(() => undefined),
  };
}

export interface ConsoleLog {
  errors: string[];
  messages: string[];
}

/** A new page that records console errors, uncaught exceptions and every console message. */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<{ page: Page; log: ConsoleLog }> {
  const page = await browser.newPage({ viewport: { width: options.width ?? 1280, height: options.height ?? 900 } });
  const log: ConsoleLog = { errors: [], messages: [] };
  page.on('console', (message: ConsoleMessage) => {
    log.messages.push(`${message.type()}: ${message.text()}`);
    if (message.type() === 'error' || message.type() === 'warning') log.errors.push(message.text());
  });
  page.on('pageerror', (error) => log.errors.push(`uncaught: ${error.message}`));
  // The app hydrates after the page has loaded; a page is "opened" once it is interactive. A
  // navigation's own timeout (for a dev server's first, unbundled load) covers the hydration too.
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', undefined, {
      timeout: options?.timeout ?? 30_000,
    });
    return response;
  };
  return { page, log };
}

const clocked = new WeakSet<Page>();

/**
 * A person takes seconds to fill a form in, and the server counts a lead sent sooner as spam: the
 * page's clock moves on by as long before the test sends the form.
 */
export async function takeAPersonsTime(page: Page): Promise<void> {
  if (!clocked.has(page)) await page.clock.install();
  clocked.add(page);
  await page.clock.fastForward((MIN_SECONDS_TO_FILL + 1) * 1000);
}
