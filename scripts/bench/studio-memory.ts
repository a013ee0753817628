// The memory of `npm start` with an editor on the 1,000-article site (thousand-site.ts, built once
// with a media cache kept between runs): the server as `npm start` runs it (the visitors' process
// and the studio's, tests/fixtures/studio-server-child.ts) in a process of its own, its resident
// memory (both processes, from /proc) before anyone signs in, once an editor has opened the studio
// in Chromium (timed from the signed-in request to a usable studio), after the editor opened 50
// entries (each read and checked with a one-word edit, as typing does) and after each of 10 saves.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addEditor } from '../../server/studio-access/editors.ts';
import type { Entry } from '../../shared/studio-protocol.ts';
import { studioApiPath, studioPath, tokenHeader, tokenMeta, windowHeader } from '../../shared/studio-protocol.ts';
import { launchChromium } from '../../tests/browser/chromium.ts';
import { startChildServer } from '../../tests/fixtures/child-server.ts';
import { sessionOf, signedInContext } from '../../tests/fixtures/studio-on-server.ts';
import { SESSION_COOKIE } from '../../server/studio-access/sessions.ts';
import { buildSite } from '../build.ts';
import { processMemory, treeMemory } from './build-process.ts';
import { openTime } from './studio-server.ts';
import { thousandSite } from './thousand-site.ts';

export interface StudioMemoryFigures {
  articles: number;
  serverStartMs: number;
  beforeSignIn: ServerWeight;
  signInToUsableMs: number;
  afterOpen: ServerWeight;
  afterEntries: ServerWeight;
  /** How long the editor's 50 entries took to open and check, one after the other. */
  entriesMs: number;
  afterSaves: ServerWeight[];
}

/**
 * MB of the whole server (visitors' process + studio process): resident, each process's own count
 * summed, so the Node code and libraries both processes map are counted twice; proportional (the
 * kernel's PSS), every shared page split between the processes that map it, so their sum is what
 * the server takes from the machine; and the studio's resident alone.
 */
export interface ServerWeight {
  totalMb: number;
  proportionalMb: number;
  studioMb: number;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const serverScript = path.join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'studio-server-child.ts');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The server's processes: their resident and proportional memory, and the studio's alone. */
async function weigh(pid: number): Promise<ServerWeight> {
  const total = await treeMemory(pid);
  const proportional = await treeMemory(pid, 'proportional');
  const own = await processMemory(pid);
  return { totalMb: mb(total), proportionalMb: mb(proportional), studioMb: mb(total - own) };
}

export async function measureStudioMemory(
  options: { articles?: number; entries?: number; saves?: number; log?: (line: string) => void } = {},
): Promise<StudioMemoryFigures> {
  const articles = options.articles ?? 1000;
  const log = options.log ?? (() => undefined);
  const site = await thousandSite({ articles });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-studio-memory-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', site.dir, '-c', 'user.name=Owner', '-c', 'user.email=owner@example.com', ...args]);
  try {
    log(`${articles} articles: building (media cache kept in the temporary folder between runs)…`);
    await buildSite({ root: site.dir, quiet: true, mediaCache: path.join(tmpdir(), 'bench-studio-memory-media') });
    git('init', '-q');
    git('add', 'site');
    git('commit', '-q', '-m', 'The site');
    await addEditor(dataDir, 'editor@example.com', 'editor');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const server = await startChildServer(serverScript, {
      url: `${base}/`,
      env: {
        ...process.env,
        SITE_ROOT: site.dir,
        DIST_DIR: path.join(site.dir, 'dist'),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        RATE_LIMIT: '0',
        LOG_LEVEL: 'warn',
      },
    });
    const serverStartMs = Math.round(performance.now() - started);
    const browser = await launchChromium();
    try {
      const beforeSignIn = await weigh(server.pid!);
      log(`before sign-in: ${JSON.stringify(beforeSignIn)}`);
      const context = await signedInContext(browser, base, dataDir, 'editor@example.com');
      const page = await context.newPage();
      await page.goto(`${base}${studioPath}?path=/`);
      const signInToUsableMs = Math.round(await openTime(page));
      const afterOpen = await weigh(server.pid!);
      log(`studio open in ${signInToUsableMs} ms: ${JSON.stringify(afterOpen)}`);

      // The API as the studio page asks it: its key, its own origin, its window.
      const cookie = `${SESSION_COOKIE}=${await sessionOf(dataDir, 'editor@example.com')}`;
      const html = await (await fetch(`${base}${studioPath}`, { headers: { cookie, accept: 'text/html' } })).text();
      const key = new RegExp(`name="${tokenMeta}" content="([^"]+)"`).exec(html)?.[1] ?? '';
      const headers = { cookie, [tokenHeader]: key, origin: base, [windowHeader]: 'bench-window-1' };
      const api = async (route: string, body?: unknown) => {
        const response = await fetch(`${base}${studioApiPath}${route}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
        return response.json() as Promise<unknown>;
      };
      const files = site.articles.map((article) =>
        path.relative(path.join(site.dir, 'site'), path.join(site.dir, article)),
      );
      const entriesStarted = performance.now();
      const opened = files.filter((_, index) => index % Math.floor(files.length / (options.entries ?? 50)) === 0);
      for (const file of opened.slice(0, options.entries ?? 50)) {
        const entry = (await api(`entry?file=${encodeURIComponent(file)}`)) as Entry;
        await api(`check?file=${encodeURIComponent(file)}`, {
          data: entry.data,
          body: (entry.body ?? '').replace(/\bteam\b/, 'group'),
        });
      }
      const entriesMs = Math.round(performance.now() - entriesStarted);
      const afterEntries = await weigh(server.pid!);
      log(`after ${opened.length} entries: ${JSON.stringify(afterEntries)}`);
      const afterSaves: StudioMemoryFigures['afterSaves'] = [];
      const saved = files[Math.floor(files.length / 2)];
      for (let i = 0; i < (options.saves ?? 10); i++) {
        const entry = (await api(`entry?file=${encodeURIComponent(saved)}`)) as Entry;
        const body = entry.body ?? '';
        const changed = /\bteam\b/.test(body) ? body.replace(/\bteam\b/, 'group') : body.replace(/\bgroup\b/, 'team');
        await api(`save?file=${encodeURIComponent(saved)}`, {
          data: entry.data,
          body: changed,
          version: entry.version,
        });
        // The saved site compiled again, as the next editor's request would have it.
        await api('lists');
        afterSaves.push(await weigh(server.pid!));
        log(`after save ${i + 1}: ${JSON.stringify(afterSaves.at(-1))}`);
      }
      return {
        articles,
        serverStartMs,
        beforeSignIn,
        signInToUsableMs,
        afterOpen,
        afterEntries,
        entriesMs,
        afterSaves,
      };
    } finally {
      await browser.close();
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  } finally {
    await site.remove();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The bench's table rows: measure, result, target. */
export function studioMemoryRows(figures: StudioMemoryFigures): string[][] {
  const weight = (w: ServerWeight) =>
    `${w.proportionalMb} MB proportional, ${w.totalMb} MB resident (studio ${w.studioMb} MB)`;
  const saves = figures.afterSaves.map((w) => `${w.proportionalMb} (${w.totalMb})`);
  return [
    ['server start, the studio ready', `${figures.serverStartMs} ms`, ''],
    ['before sign-in', weight(figures.beforeSignIn), '≤ 400 MB'],
    ['sign-in to a usable studio (Chromium)', `${figures.signInToUsableMs} ms`, ''],
    ['studio open', weight(figures.afterOpen), '≤ 400 MB'],
    ['50 entries opened and checked, one after the other', `${figures.entriesMs} ms`, ''],
    ['after 50 entries opened and checked', weight(figures.afterEntries), '≤ 400 MB'],
    [`after each of ${saves.length} saves, proportional (resident)`, `${saves.join(', ')} MB`, 'flat, ≤ 400 MB'],
  ];
}

if (import.meta.main) {
  const articles = Number(process.argv.find((a) => a.startsWith('--articles='))?.slice(11) ?? 1000);
  console.log(JSON.stringify(await measureStudioMemory({ articles, log: (line) => console.log(line) }), null, 2));
}
