// Page views as the server counts them: a page served to a browser counts once per request on its
// day, a bot, a script without a User-Agent, a missing page, a file and the studio never do, and
// nothing but the path and the count reaches DATA_DIR. The counts are on disk after close, and
// instances appending to the same day add up.
import { appendFile, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { dayOf, PageViews, pageViewsDir, readPageViews } from '../../server/page-views.ts';
import { manifest, testConfig, writeDist } from '../fixtures/dist-fixture.ts';

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
let distDir: string;
beforeAll(async () => {
  distDir = await writeDist();
});
const freshDataDir = () => path.join(distDir, '..', `data-${Math.random().toString(36).slice(2)}`);

it('counts pages served to browsers, per page, and leaves out bots, scripts, misses and files', async () => {
  const config = testConfig(distDir, { dataDir: freshDataDir() });
  const app = await buildApp({ config });
  const [home, other] = manifest.routes;
  const get = (url: string, agent?: string) =>
    app.inject({ method: 'GET', url, headers: agent ? { 'user-agent': agent, 'x-forwarded-for': '203.0.113.9' } : {} });
  expect((await get(home, browser)).statusCode).toBe(200);
  await get(`${home}?utm_campaign=x`, browser);
  await get(other, browser);
  await get(home, crawler);
  await get(home);
  expect((await get('/no-such-page', browser)).statusCode).toBe(404);
  await get('/robots.txt', browser);
  await get('/_studio/', browser);
  await app.close();
  const today = dayOf(Date.now());
  expect(Object.fromEntries(await readPageViews(config.dataDir, today, today))).toEqual({ [home]: 2, [other]: 1 });
  // What is kept is paths and numbers: no address, no agent, no query.
  const dir = pageViewsDir(config.dataDir);
  const text = (await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), 'utf8')))).join('');
  for (const kept of ['203.0.113', 'Mozilla', 'utm_campaign']) expect(text).not.toContain(kept);
});

it('adds up what several instances append for a day, skips a line cut short, and reads only the days asked', async () => {
  const dataDir = freshDataDir();
  const one = new PageViews(dataDir);
  const two = new PageViews(dataDir);
  const day = Date.parse('2026-11-20T10:00:00Z');
  one.count('/a', day);
  two.count('/a', day);
  two.count('/b', day);
  one.count('/a', day + 5 * 86_400_000);
  await Promise.all([one.flush(), two.flush()]);
  // A flush cut short by a crash.
  await appendFile(path.join(pageViewsDir(dataDir), '2026-11-20.jsonl'), '{"/a": 9');
  expect(Object.fromEntries(await readPageViews(dataDir, '2026-11-20', '2026-11-20'))).toEqual({ '/a': 2, '/b': 1 });
  expect(Object.fromEntries(await readPageViews(dataDir, '2026-11-19', '2026-11-30'))).toEqual({ '/a': 3, '/b': 1 });
  expect((await readPageViews(dataDir, '2026-12-01', '2026-12-31')).size).toBe(0);
});
