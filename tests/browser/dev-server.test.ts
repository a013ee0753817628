// `npm run dev` as an editor uses it: a YAML edit reloads the page, a broken edit shows the same
// file:line:col message as the CLI with the lines around it, and fixing it recovers, no restart.
import type { ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startChildServer } from '../fixtures/child-server.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { freePort } from '../fixtures/smtp.ts';
import { launchChromium } from './chromium.ts';
import { openPage } from './harness.ts';

const root = path.join(import.meta.dirname, '..', '..');
let siteRoot: string;
let dev: ChildProcess;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  siteRoot = await mkdtemp(path.join(tmpdir(), 'dev-site-'));
  await cp(path.join(fixtureSiteRoot, 'site'), path.join(siteRoot, 'site'), { recursive: true });
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  const env = { ...process.env, SITE_ROOT: siteRoot, PORT: String(port), HOST: 'localhost', DATA_DIR: path.join(siteRoot, 'var') };
  dev = await startChildServer(path.join(root, 'scripts', 'dev.ts'), { url: baseUrl, env, cwd: root });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  dev?.kill('SIGTERM');
});

it('reloads on a YAML edit, shows a content error in the browser, and recovers when it is fixed', async () => {
  const file = path.join(siteRoot, 'site', 'pages', 'offer.yaml');
  const original = await readFile(file, 'utf8');
  const { page } = await openPage(browser);
  await page.goto(baseUrl + '/offer');
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor({ timeout: 60_000 });
  const title = (await heading.textContent())!;

  const subtitle = /^    subtitle: (.*)$/m.exec(original)![1];
  await writeFile(file, original.replace(`subtitle: ${subtitle}`, 'subtitle: Edited Live Subtitle'));
  await page.getByText('Edited Live Subtitle').waitFor({ timeout: 20_000 });

  const broken = original.replace('type: hero', 'type: heor');
  await writeFile(file, broken);
  const overlay = page.locator('vite-error-overlay');
  await overlay.waitFor({ timeout: 20_000 });
  const line = broken.split('\n').findIndex((l) => l.includes('type: heor')) + 1;
  const col = broken.split('\n')[line - 1].indexOf('heor') + 1;
  const message = `site/pages/offer.yaml:${line}:${col}  section 1 (heor) › type: unknown section type "heor". Did you mean "hero"?`;
  await expect.poll(() => overlay.textContent().then(() => page.evaluate(() => document.querySelector('vite-error-overlay')?.shadowRoot?.textContent ?? '')), { timeout: 10_000 }).toContain(message);
  const shown = await page.evaluate(() => document.querySelector('vite-error-overlay')!.shadowRoot!.textContent!);
  // The lines around the problem, with the broken one marked.
  expect(shown).toContain(`> ${line} |   - type: heor`);

  await writeFile(file, original);
  await overlay.waitFor({ state: 'detached', timeout: 20_000 });
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
  expect(await page.getByText(subtitle, { exact: true }).isVisible()).toBe(true);
  await page.close();
}, 120_000);
