// Each route opened in Debian's Chromium (playwright-core) at a phone's and a desktop's width, as
// a visitor opens it: what the console says while the page hydrates (a hydration warning, any
// error or uncaught exception), the scripts it received (their bodies as they came over the
// wire, brotli) and how many islands it hydrates. The budgets in script-cost.ts read it.
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../tests/browser/chromium.ts';
import type { PageCheck } from './script-cost.ts';

/** React's words for a server/browser mismatch, in development and as production's error codes. */
const hydrationMessage = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)\b/i;

/** An island's root in the prerendered HTML (src/islands/: one per interactive section), marked
 * `data-island-state="hydrated"` once hydrated. */
export const islandSelector = '[data-island]';

const widths = [390, 1280];

interface Visit {
  messages: string[];
  scripts: Map<string, number>;
  islands: number;
}

async function visit(browser: Browser, url: string, width: number): Promise<Visit> {
  const page: Page = await browser.newPage({ viewport: { width, height: 900 } });
  const messages: string[] = [];
  const scripts = new Map<string, number>();
  const sizes: Promise<void>[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sizes.push(
      request.sizes().then(
        (size) => void scripts.set(request.url(), size.responseBodySize),
        () => undefined,
      ),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Ready once the enhancements are installed and the islands armed.
    const ready = await page
      .waitForFunction(() => document.documentElement.dataset.app === 'ready', undefined, { timeout: 60_000 })
      .then(
        () => true,
        () => false,
      );
    if (!ready) messages.push('the page never became ready (data-app="ready" not set within 60 s)');
    // Every script the page asked for has finished loading and its size is known.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    await Promise.all(sizes);
    // The bytes of the first view (what Lighthouse sees); an island hydrates only when the visitor
    // reaches into it, so the pointer over each brings its hydration in to be checked too.
    const received = new Map(scripts);
    const islands = page.locator(islandSelector);
    const count = await islands.count();
    for (let i = 0; i < count; i++) {
      const island = islands.nth(i);
      await island.dispatchEvent('pointerover');
      const hydrated = await island
        .and(page.locator('[data-island-state="hydrated"]'))
        .waitFor({ state: 'attached', timeout: 60_000 })
        .then(
          () => true,
          () => false,
        );
      if (!hydrated) messages.push(`island ${i + 1} of ${count} did not hydrate within 60 s of the pointer over it`);
    }
    return { messages, scripts: received, islands: count };
  } finally {
    await page.close();
  }
}

/** Every route, at both widths; the bodies are counted once per script address. */
export async function checkPages(baseUrl: string, routes: string[]): Promise<PageCheck[]> {
  const browser = await launchChromium();
  const checks: PageCheck[] = [];
  try {
    for (const route of routes) {
      const visits: Visit[] = [];
      for (const width of widths) visits.push(await visit(browser, baseUrl + route, width));
      const scripts = new Map(visits.flatMap((v) => [...v.scripts]));
      const messages = [...new Set(visits.flatMap((v) => v.messages))];
      const islands = Math.max(...visits.map((v) => v.islands));
      checks.push({
        route,
        jsBodyBytes: [...scripts.values()].reduce((sum, size) => sum + size, 0),
        scripts: scripts.size,
        islands,
        allStatic: islands === 0,
        hydrationWarnings: messages.filter((m) => hydrationMessage.test(m)),
        consoleErrors: messages.filter((m) => !hydrationMessage.test(m)),
      });
    }
  } finally {
    await browser.close();
  }
  return checks;
}
