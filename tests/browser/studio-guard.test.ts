// What the studio refuses, seen from a browser: another site's page (a different origin on the same
// machine) can neither write, nor read the studio's key or its files,
// nor frame the studio; and the studio's own address cannot lead it outside site/. The server-side
// refusals (a foreign Host, traversal in the API, uploads) are in tests/server/studio.test.ts.
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, studioFetch, studioGit, type TestStudio } from '../fixtures/studio.ts';
import { launchChromium } from './chromium.ts';

let studio: TestStudio;
let browser: Browser;
let elsewhere: Server;
let elsewhereUrl: string;
const outcome = { timeout: 30_000 };

beforeAll(async () => {
  [studio, browser] = await Promise.all([startStudio(), launchChromium()]);
  // Another site: a plain page on another port of 127.0.0.1 (the studio is at localhost).
  elsewhere = createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end('<!doctype html><title>Elsewhere</title><h1>Elsewhere</h1>');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const address = elsewhere.address();
  elsewhereUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await studio?.stop();
  elsewhere?.close();
});

async function newPage(url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url);
  return page;
}

describe('another site open in the same browser', () => {
  it('cannot save, read the key or the files, with or without the key, and nothing is written', async () => {
    const before = await readFile(path.join(studio.root, 'site', 'pages', 'home.yaml'), 'utf8');
    // The attacker knows the file (the site is public) and so its version: only the guard stands in the way.
    const entry = (await (await studioFetch(studio, 'entry?file=pages%2Fhome.yaml')).json()) as {
      version: string;
      data: Record<string, unknown>;
    };
    const body = JSON.stringify({ version: entry.version, data: { ...entry.data, title: 'Defaced' } });
    const page = await newPage(elsewhereUrl);
    const results = await page.evaluate(
      async ({ api, studioPage, body, realKey, source }) => {
        const attempt = (url: string, init: RequestInit) =>
          fetch(url, init).then(
            (response) => (response.type === 'opaque' ? 'opaque' : String(response.status)),
            () => 'blocked',
          );
        const save = `${api}save?file=pages%2Fhome.yaml`;
        return {
          // A "simple" request, sent without asking: the studio answers it, as every response, with
          // Cross-Origin-Resource-Policy: same-origin, so the browser withholds even the opaque answer.
          blind: await attempt(save, {
            method: 'POST',
            mode: 'no-cors',
            body,
            headers: { 'content-type': 'text/plain' },
          }),
          guessedKey: await attempt(save, {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json', 'x-studio-token': 'guessed' },
          }),
          realKey: await attempt(save, {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json', 'x-studio-token': realKey },
          }),
          readKey: await attempt(studioPage, {}),
          readFile: await attempt(`${api}entry?file=pages%2Fhome.yaml`, { headers: { 'x-studio-token': realKey } }),
          readSource: await attempt(source, {}),
        };
      },
      {
        api: `${studio.base}/_studio/api/`,
        studioPage: studio.studioUrl,
        body,
        realKey: studio.token,
        source: `${studio.base}/src/studio/api.ts`,
      },
    );
    // The browser itself withholds every answer (the studio allows no other origin), and the
    // studio's guard refuses each request that gets through (tests/server/studio.test.ts).
    expect(results).toEqual({
      blind: 'blocked',
      guessedKey: 'blocked',
      realKey: 'blocked',
      readKey: 'blocked',
      readFile: 'blocked',
      readSource: 'blocked',
    });
    expect(await readFile(path.join(studio.root, 'site', 'pages', 'home.yaml'), 'utf8')).toBe(before);
    expect(studioGit(studio, 'status', '--porcelain')).toBe('');
    await page.close();
  });

  it('cannot show the studio in a frame of its own to trick a click', async () => {
    const page = await newPage(elsewhereUrl);
    const refused = page.waitForEvent('console', {
      predicate: (message) => message.text().includes('frame-ancestors'),
      timeout: 30_000,
    });
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
    }, studio.studioUrl);
    await refused;
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(
      await framed?.evaluate(() => document.querySelector('meta[name="studio-token"]') !== null).catch(() => false),
    ).not.toBe(true);
    await page.close();
  });
});

describe("the studio's own address", () => {
  it('never opens a file outside site/, by .. or by a link leading out, and never shows its content', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'outside-'));
    await writeFile(
      path.join(outside, 'secret.yaml'),
      'path: /secret\ntitle: Outside Secret\ndescription: A file outside site/ that the studio must never show or change.\nsections: []\n',
    );
    const link = path.join(studio.root, 'site', 'pages', 'leak.yaml');
    await symlink(path.join(outside, 'secret.yaml'), link);
    try {
      for (const query of [
        '?file=../package.json',
        '?file=pages%2F..%2F..%2Fpackage.json',
        '?file=%2Fetc%2Fpasswd',
        '?file=pages/leak.yaml',
        '?path=/secret',
      ]) {
        const page = await browser.newPage();
        const answers: string[] = [];
        page.on('response', (response) => {
          if (response.url().includes('/_studio/api/'))
            void response.text().then(
              (text) => answers.push(text),
              () => undefined,
            );
        });
        await page.goto(studio.studioUrl + query);
        await page.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, outcome);
        // The studio falls back to the home page; nothing it was sent names or holds the outside file.
        await page.locator('[data-open-file="pages/home.yaml"]').waitFor(outcome);
        expect(
          /Outside Secret|"name": "gcc-storyteller-site"|root:x:0/.exec(answers.join('\n'))?.[0],
          query,
        ).toBeUndefined();
        expect(await page.getByText('Outside Secret').count(), query).toBe(0);
        await page.close();
      }
      expect(await readFile(path.join(outside, 'secret.yaml'), 'utf8')).toContain('title: Outside Secret');
    } finally {
      await rm(link);
      await rm(outside, { recursive: true, force: true });
    }
  });
});
