// An SVG in site/images with a script, an event handler, a foreignObject and references to other
// sites comes out of the real build without them, and the production server sends it sandboxed:
// opened in Chromium, neither the built file nor the raw one (put into the build by hand) runs a
// script or makes a request.
import type { FastifyInstance } from 'fastify';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { headersForMediaType } from '../../server/security-headers.ts';
import { buildContent } from '../fixtures/build-content.ts';
import { testConfig } from '../fixtures/dist-fixture.ts';
import { fixtureSiteRoot, projectRoot } from '../fixtures/fixture-site.ts';
import { launchChromium } from './chromium.ts';

const hostile = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="120" viewBox="0 0 120 120" onload="window.svgOnload = true; fetch('/svg-onload-ran')">
  <script>window.svgScriptRan = true; fetch('/svg-script-ran');</script>
  <foreignObject width="120" height="40"><iframe xmlns="http://www.w3.org/1999/xhtml" src="/svg-iframe-ran"></iframe></foreignObject>
  <image xlink:href="https://evil.example/tracker.png" width="10" height="10"/>
  <a href="javascript:fetch('/svg-link-ran')"><rect id="kept" width="60" height="60" fill="#336699" onclick="fetch('/svg-click-ran')"/></a>
</svg>
`;

let root: string;
let outDir: string;
let app: FastifyInstance;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'svg-site-'));
  await cp(path.join(fixtureSiteRoot, 'site'), path.join(root, 'site'), { recursive: true });
  await writeFile(path.join(root, 'site', 'images', 'hostile.svg'), hostile);
  // Shown in an article's text, so the build publishes it (a picture nothing shows is not published).
  const article = path.join(root, 'site', 'blog', 'first-note.md');
  await writeFile(article, `${await readFile(article, 'utf8')}\n![A drawing](/images/hostile.svg)\n`);
  outDir = path.join(projectRoot, '.cache', 'dist-svg-sandbox');
  await buildContent(root, outDir);
  // The raw file beside it, as a host that skipped the build's sanitising would hold it.
  await writeFile(path.join(outDir, 'images', 'raw.svg'), hostile);
  app = await buildApp({ config: testConfig(outDir) });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Opens an SVG as a page, clicks it, and returns every request that left besides itself, and what its scripts set. */
async function open(address: string): Promise<{ requests: string[]; ran: unknown[]; csp: string | undefined }> {
  const page: Page = await browser.newPage();
  const requests: string[] = [];
  const blocked = new Set<string>();
  page.on('request', (request) => requests.push(request.url()));
  // Chromium reports a request the policy stopped too, as failed ("csp"): it never left.
  page.on('requestfailed', (request) => {
    if (/csp/i.test(request.failure()?.errorText ?? '')) blocked.add(request.url());
  });
  const response = await page.goto(baseUrl + address, { waitUntil: 'load' });
  await page.mouse.click(30, 30);
  // Give a script that did run time to be heard: wait until the page's own fetches have settled.
  await page.waitForLoadState('networkidle');
  const ran = await page.evaluate(() => [
    (window as unknown as Record<string, unknown>).svgScriptRan,
    (window as unknown as Record<string, unknown>).svgOnload,
  ]);
  await page.close();
  return {
    requests: requests.filter((url) => url !== baseUrl + address && !blocked.has(url)),
    ran,
    csp: response?.headers()['content-security-policy'],
  };
}

describe('an SVG with scripts, handlers and foreign references', () => {
  it('comes out of the build without them, its drawing kept', async () => {
    const built = await readFile(path.join(outDir, 'images', 'hostile.svg'), 'utf8');
    for (const gone of [
      '<script',
      'onload',
      'onclick',
      'foreignObject',
      'iframe',
      'evil.example',
      'javascript:',
      'fetch(',
    ])
      expect(built, gone).not.toContain(gone);
    expect(built).toContain('<rect id="kept" width="60" height="60" fill="#336699"/>');
  });

  it.each(['/images/hostile.svg', '/images/raw.svg'])(
    '%s opened in Chromium on the production server runs nothing and asks for nothing',
    async (address) => {
      const { requests, ran, csp } = await open(address);
      expect(csp).toBe(headersForMediaType('image/svg+xml')['Content-Security-Policy']);
      expect(requests).toEqual([]);
      expect(ran).toEqual([undefined, undefined]);
    },
  );
});
