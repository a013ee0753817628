// The studio inside `npm start`: the production app with the studio added exactly as
// scripts/start.ts adds it (studio-process.ts: its own process behind the visitors' server), on a git-committed copy of the fixture site, an editor on
// the list and a session made through the sign-in's own records. An edit shows in the preview as it
// is typed and once saved; the file changes on disk; the live page keeps the build; everything the
// studio loads lives under /_studio/ and comes prebuilt, nothing of Vite; visitors' pages hold
// nothing of it. With no editor, the studio does not start and /_studio/ is the site's 404.
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import { addEditor } from '../../server/studio-access/editors.ts';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, sessionRecords } from '../../server/studio-access/sessions.ts';
import { studioProcess, type StudioProcess } from '../../scripts/studio/studio-process.ts';
import { previewPath, studioApiPath, studioPath, tokenHeader, tokenMeta } from '../../shared/studio-protocol.ts';
import { testConfig } from '../fixtures/dist-fixture.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';
import { fixtureSite } from '../fixtures/studio.ts';
import { pageWords } from '../fixtures/studio-on-server.ts';
import { sectionLabel } from '../fixtures/studio-labels.ts';
import { launchChromium } from './chromium.ts';
import { outcome } from './studio-session.ts';

const headline = 'Every Field. One Page.';
const edited = 'Every Field. One Page. Edited on the server';

interface Running {
  root: string;
  studio: StudioProcess;
  config: ServerConfig;
  app: FastifyInstance;
  baseUrl: string;
}

/** The app as `npm start` builds it, for a copy of the fixture site; `editor` puts one on the list first. */
async function startServer(editor: boolean): Promise<Running> {
  const root = await mkdtemp(path.join(tmpdir(), 'studio-on-server-'));
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', root, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
      stdio: 'ignore',
    });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'fixture');
  const config = testConfig(fixtureDistDir, { dataDir: path.join(root, 'var'), rateLimit: 0 });
  if (editor) await addEditor(config.dataDir, 'editor@example.com', 'editor');
  const studio = studioProcess(root);
  const extra = await studio.addOn(config);
  const app = await buildApp({ ...extra?.options, config });
  extra?.built?.(app);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return { root, studio, config, app, baseUrl };
}

/** A session of editor@example.com, as the mailed link starts it. */
async function newSession(server: Running): Promise<string> {
  const now = Date.now();
  return sessionRecords(server.config.dataDir).create(
    { email: 'editor@example.com', method: 'link', created: now, expires: now + SESSION_LIFETIME_MS },
    now,
  );
}

async function stop(running: Running | undefined) {
  await running?.app.close();
  if (running) await rm(running.root, { recursive: true, force: true });
}

describe('with an editor on the list', () => {
  let server: Running;
  let browser: Browser;
  let session: string;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(true), launchChromium()]);
    // Started with the server, as there is an editor.
    expect(server.studio.running()).toBe(true);
    session = await newSession(server);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stop(server);
  });

  /** The studio page of a signed-in editor, every address it asks for recorded. */
  async function openStudio(): Promise<{ ui: Page; frame: Frame; requested: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: session, url: `${server.baseUrl}${studioPath}` }]);
    const ui = await context.newPage();
    const requested: string[] = [];
    ui.on('request', (request) => requested.push(request.url()));
    await ui.goto(`${server.baseUrl}${studioPath}?path=/`);
    await ui.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, {
      timeout: 90_000,
    });
    const frame = await (await ui.waitForSelector('iframe[title="Page preview"]')).contentFrame();
    if (!frame) throw new Error('no preview frame');
    await frame.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
    return { ui, frame, requested };
  }

  it('an edit shows in the preview as it is typed and once saved; the file changes; the live page keeps the build', async () => {
    const { ui, frame, requested } = await openStudio();
    expect(new URL(frame.url()).pathname).toBe(previewPath);
    await frame.getByRole('heading', { level: 1, name: headline, exact: true }).click();
    const title = ui
      .getByRole('region', { name: 'Editing panel' })
      .getByRole('textbox', { name: sectionLabel('hero', 'title'), exact: true });
    await expect.poll(() => title.evaluate((el) => el === document.activeElement), outcome).toBe(true);
    // Shown before it is saved: the studio page tells its preview of each checked edit.
    await title.fill(edited.slice(0, -2));
    await frame.getByRole('heading', { level: 1, name: edited.slice(0, -2), exact: true }).waitFor(outcome);
    // And key by key, as it is typed.
    await title.pressSequentially(edited.slice(-2));
    await frame.getByRole('heading', { level: 1, name: edited, exact: true }).waitFor(outcome);

    await ui.getByRole('button', { name: 'Save', exact: true }).click();
    await ui.getByText('Saved Start', { exact: true }).waitFor(outcome);
    expect(await readFile(path.join(server.root, 'site', 'pages', 'home.yaml'), 'utf8')).toContain(edited);
    // The save is a commit by the signed-in editor: the gate's editor reached the studio.
    const author = () =>
      execFileSync('git', ['-C', server.root, 'log', '-1', '--format=%ae %s', '--', 'site/pages/home.yaml'], {
        encoding: 'utf8',
      }).trim();
    await expect.poll(author, outcome).toMatch(/^editor@example\.com /);

    // Visitors get the build: the live home page still has the old headline.
    const live = pageWords(await (await fetch(`${server.baseUrl}/`)).text());
    expect(live).toContain(headline);
    expect(live).not.toContain(edited);

    // A studio opened afresh previews the saved, unpublished state.
    await ui.reload();
    await ui.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, outcome);
    const again = await (await ui.waitForSelector('iframe[title="Page preview"]')).contentFrame();
    await again!.getByRole('heading', { level: 1, name: edited, exact: true }).waitFor(outcome);
    // The preview's pictures come from the checkout, through the studio's address.
    const picture = again!.locator('[data-section="0"] img').first();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth), outcome)
      .toBeGreaterThan(0);

    // Everything the studio and its preview loaded lives under /_studio/ (nothing of the site's root).
    const outside = requested.filter(
      (url) => url.startsWith(server.baseUrl) && !new URL(url).pathname.startsWith(studioPath),
    );
    expect(requested.length).toBeGreaterThan(10);
    expect(outside).toEqual([]);
    await ui.context().close();
  });

  it('the studio and its preview are prebuilt: nothing of Vite answers, not even a signed-in editor', async () => {
    const cookie = `${SESSION_COOKIE}=${session}`;
    const page = await (await fetch(`${server.baseUrl}${studioPath}`, { headers: { cookie } })).text();
    // Its code: every script and stylesheet is a file of the bundle.
    const assets = [...page.matchAll(/(?:src|href)="([^"]+\.(?:js|css|tsx?))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset).toMatch(new RegExp(`^${previewPath}assets/[^/]+\\.(js|css)$`));
    for (const url of [
      `${previewPath}@vite/client`,
      `${previewPath}src/main.tsx`,
      `${previewPath}src/studio/main.tsx`,
    ]) {
      const answer = await fetch(`${server.baseUrl}${url}`, { headers: { cookie } });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toMatch(/import|vite/i);
    }
    // No websocket of a dev server to open either.
    const opened = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`${server.baseUrl.replace('http', 'ws')}${previewPath}`, {
        protocols: ['vite-hmr'],
        headers: { origin: server.baseUrl, cookie },
      } as unknown as string[]);
      ws.addEventListener('open', () => (resolve('open'), ws.close()));
      ws.addEventListener('error', () => resolve('refused'));
    });
    expect(opened).toBe('refused');
  });

  it("the studio's API needs the page's key besides the session, and refuses another origin; the current key needs the session", async () => {
    const cookie = `${SESSION_COOKIE}=${session}`;
    const page = await (await fetch(`${server.baseUrl}${studioPath}`, { headers: { cookie } })).text();
    const key = new RegExp(`name="${tokenMeta}" content="([^"]+)"`).exec(page)?.[1] ?? '';
    const entries = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}${studioApiPath}entries`, { headers: { cookie, ...headers } });
    expect((await entries({ [tokenHeader]: key })).status).toBe(200);
    const keyless = await entries({});
    expect(keyless.status).toBe(403);
    expect(((await keyless.json()) as { error: string }).error).toMatch(/Reload the studio page/);
    expect((await entries({ [tokenHeader]: key.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) })).status).toBe(403);
    // A page opened before a restart asks for the current key: with the session only, never without it.
    const current = (headers: Record<string, string>) => fetch(`${server.baseUrl}${studioApiPath}key`, { headers });
    expect(await (await current({ cookie, [tokenHeader]: 'old' })).json()).toEqual({ key });
    expect((await current({})).status).toBe(401);
    expect((await current({ cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // A change from another site, with the cookie and the key, is refused before it reaches the studio.
    const save = await fetch(`${server.baseUrl}${studioApiPath}save?file=pages/home.yaml`, {
      method: 'POST',
      headers: { cookie, [tokenHeader]: key, origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(save.status).toBe(403);
  });

  it("visitors' pages and their scripts hold nothing of the studio", async () => {
    const page = await (await fetch(`${server.baseUrl}/`)).text();
    const scripts = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    const texts = [
      page,
      ...(await Promise.all(scripts.map((s) => fetch(`${server.baseUrl}${s}`).then((r) => r.text())))),
    ];
    for (const text of texts)
      for (const marker of [studioPath, tokenHeader, tokenMeta, '@vite', '/src/']) expect(text).not.toContain(marker);
  });
});

describe('with no editor on the list', () => {
  let server: Running | undefined;
  afterAll(() => stop(server));

  it('the studio is not started and /_studio/ is the site’s 404, until the owner adds an editor', async () => {
    server = await startServer(false);
    const notFound = await (await fetch(`${server.baseUrl}/no-such-page`)).text();
    for (const url of [studioPath, `${previewPath}@vite/client`, `${previewPath}src/main.tsx`]) {
      const response = await fetch(`${server.baseUrl}${url}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(notFound);
    }
    expect(server.studio.running()).toBe(false);

    // An editor added while the server runs signs in and gets the studio, without a restart.
    await addEditor(server.config.dataDir, 'editor@example.com', 'editor');
    const cookie = `${SESSION_COOKIE}=${await newSession(server)}`;
    const page = await fetch(`${server.baseUrl}${studioPath}`, { headers: { cookie, accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`name="${tokenMeta}"`);
    expect(server.studio.running()).toBe(true);
  });
});
