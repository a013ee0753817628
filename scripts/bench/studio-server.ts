// The studio on the server as an editor meets it (`npm start` with an editor on the list, on a
// committed copy of site/, in Chromium): from the signed-in request for the studio page until the
// studio is ready, its entry list shown and the page shown in its preview with its sections marked
// for editing. The first open after the server started, and the median of reloads after it.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { addEditor } from '../../server/studio-access/editors.ts';
import { studioPath } from '../../shared/studio-protocol.ts';
import { launchChromium } from '../../tests/browser/chromium.ts';
import { testConfig } from '../../tests/fixtures/dist-fixture.ts';
import { committedFixtureSite, serveStudio, signedInContext } from '../../tests/fixtures/studio-on-server.ts';

export interface StudioServerTimes {
  /** The server's start until it listens, the studio's bundle ready (from the build cache when it is there). */
  serverStartMs: number;
  /** The first open after the server started, in ms from the page's request. */
  openColdMs: number;
  /** The median of the reloads after it. */
  openWarmMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Ready: the studio says so, its entry list has entries, and the frame shows the page marked for editing. */
export async function openTime(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const frame = document.querySelector('iframe')?.contentDocument;
      const shown = frame?.documentElement?.dataset.app === 'ready' && frame.querySelector('[data-section]');
      const listed = document.querySelector('nav[aria-label="Content"] a');
      return document.documentElement.dataset.studio === 'ready' && shown && listed ? performance.now() : undefined;
    },
    undefined,
    { polling: 'raf', timeout: 180_000 },
  );
  return (await handle.jsonValue()) as number;
}

export async function runStudioServer(
  root: string,
  distDir: string,
  options: { reloads: number },
): Promise<StudioServerTimes> {
  const site = await committedFixtureSite('bench-studio-server');
  // The real site/, not the fixture's: the copy is replaced before the commit is made again.
  await rm(path.join(site.root, 'site'), { recursive: true, force: true });
  await cp(path.join(root, 'site'), path.join(site.root, 'site'), { recursive: true });
  site.git('add', '-A');
  site.git('-c', 'user.name=Owner', '-c', 'user.email=owner@example.com', 'commit', '-q', '-m', 'The site');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-studio-data-'));
  const config = testConfig(distDir, { dataDir, rateLimit: 0 });
  await addEditor(dataDir, 'editor@example.com', 'editor');
  const started = performance.now();
  const { app, base } = await serveStudio(site.root, config);
  const serverStartMs = performance.now() - started;
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, base, dataDir, 'editor@example.com');
    const page = await context.newPage();
    await page.goto(`${base}${studioPath}?path=/`);
    const openColdMs = await openTime(page);
    const warm: number[] = [];
    for (let i = 0; i < options.reloads; i++) {
      await page.reload();
      warm.push(await openTime(page));
    }
    return {
      serverStartMs: Math.round(serverStartMs),
      openColdMs: Math.round(openColdMs),
      openWarmMs: Math.round(median(warm)),
    };
  } finally {
    await browser.close();
    await app.close();
    await rm(site.root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}
