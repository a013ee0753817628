// The 1,000-article site measured as an operator and an editor meet it: a cold build
// (empty media and build caches) and its parts, the build's peak memory, a rebuild after a one-word
// change to one article (caches kept), what dist/ holds, the server's memory and start time, the
// studio's check of a one-word edit and its memory over repeated checks, the largest listing page
// and the feeds. `npm run bench -- --only=thousand [--articles=N]`.
import { readdir, readFile, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import type { Entry } from '../../shared/studio-protocol.ts';
import { startStudio, studioFetch } from '../../tests/fixtures/studio.ts';
import { buildInProcess, treeMemory, type BuildResult } from './build-process.ts';
import { measure as measureServer } from './server-memory.ts';
import { changeOneWord, thousandSite } from './thousand-site.ts';

export interface ThousandFigures {
  articles: number;
  photos: number;
  cold: { seconds: number; viteSeconds: number; mediaSeconds: number; renderSeconds: number; compressSeconds: number };
  /** CPU time of the cold build (all its threads), and the machine's 5-minute load average after it. */
  coldCpuSeconds: number;
  loadAfterCold: number;
  coldEncoded: { copies: number; cards: number };
  peakBuildMb: number;
  rebuildSeconds: number;
  rebuildRendered: number;
  dist: { files: number; megabytes: number; copiesMb: number; cardsMb: number; averageCardKb: number };
  server: { startMs: number; rssAtStartMb: number };
  studio: {
    checkMedianMs: number;
    checkP95Ms: number;
    checks: number;
    firstCheckMs: number;
    rssAfterFirstMb: number;
    rssAfterAllMb: number;
  };
  largestListing: { route: string; kb: number };
  largestPage: { route: string; kb: number };
  feeds: { rssKb: number; atomKb: number };
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
};

async function walk(dir: string): Promise<{ file: string; bytes: number }[]> {
  const names = await readdir(dir, { recursive: true });
  const files = await Promise.all(
    names.map(async (name) => {
      const facts = await stat(path.join(dir, name));
      return facts.isFile() ? { file: name, bytes: facts.size } : undefined;
    }),
  );
  return files.filter((f) => f !== undefined);
}

const htmlFile = (distDir: string, route: string) =>
  route === '/' ? path.join(distDir, 'index.html') : path.join(distDir, route.slice(1), 'index.html');

/** The largest page's HTML among `routes` (uncompressed, as the 200 KB target counts it). */
async function largest(distDir: string, routes: string[]): Promise<{ route: string; kb: number }> {
  let best = { route: '', kb: 0 };
  for (const route of routes) {
    const size = (await stat(htmlFile(distDir, route))).size;
    if (kb(size) > best.kb) best = { route, kb: kb(size) };
  }
  return best;
}

/** The studio process serving `root` (scripts/studio.ts with SITE_ROOT=root). */
async function studioPid(root: string): Promise<number> {
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes('scripts/studio.ts')) continue;
    const environ = await readFile(`/proc/${name}/environ`, 'utf8').catch(() => '');
    if (environ.split('\0').includes(`SITE_ROOT=${root}`)) return Number(name);
  }
  throw new Error(`No studio process serves ${root}.`);
}

/**
 * The studio's live check of a one-word edit in an article's text, as the editor's browser sends
 * it (POST /_studio/api/check, the entry's data and the edited body), timed to its answer; the
 * first check after the studio opened is timed on its own. The studio's resident memory is read
 * after the first check and after the rest.
 */
async function measureStudio(siteDir: string, article: string, checks: number): Promise<ThousandFigures['studio']> {
  // The studio as `npm run studio` starts it (the parent's NODE_ENV=production would change React).
  const studio = await startStudio({ site: siteDir, env: { NODE_ENV: undefined }, git: false });
  try {
    const file = path.relative(siteDir, article);
    const entry = (await (await studioFetch(studio, `entry?file=${encodeURIComponent(file)}`)).json()) as Entry;
    const body = entry.body ?? '';
    const check = async (i: number) => {
      const edited = i % 2 ? body : body.replace(/\bteam\b/, 'group');
      const started = performance.now();
      const response = await studioFetch(studio, `check?file=${encodeURIComponent(file)}`, {
        body: { data: entry.data, body: edited },
      });
      if (!response.ok) throw new Error(`The studio's check answered ${response.status}: ${await response.text()}`);
      const verdict = (await response.json()) as { errors?: unknown[] };
      if (verdict.errors?.length) throw new Error(`The one-word edit was refused: ${JSON.stringify(verdict.errors)}`);
      return performance.now() - started;
    };
    const pid = await studioPid(studio.root);
    const firstCheckMs = await check(0);
    const rssAfterFirstMb = mb(await treeMemory(pid));
    const times: number[] = [];
    for (let i = 1; i <= checks; i++) times.push(await check(i));
    return {
      checkMedianMs: Math.round(median(times)),
      checkP95Ms: Math.round(p95(times)),
      checks,
      firstCheckMs: Math.round(firstCheckMs),
      rssAfterFirstMb,
      rssAfterAllMb: mb(await treeMemory(pid)),
    };
  } finally {
    await studio.stop();
  }
}

const cold = (r: BuildResult) => ({
  seconds: r.seconds,
  viteSeconds: r.viteSeconds,
  mediaSeconds: r.mediaSeconds,
  renderSeconds: r.renderSeconds,
  compressSeconds: r.compressSeconds,
});

export async function runThousand(
  root: string,
  options: { articles: number; checks: number; log?: (line: string) => void },
): Promise<ThousandFigures> {
  const log = options.log ?? (() => undefined);
  log(`Making the ${options.articles}-article site…`);
  const site = await thousandSite({ articles: options.articles });
  try {
    const distDir = path.join(site.dir, 'dist');
    const resultFile = path.join(tmpdir(), `thousand-build-${process.pid}.json`);
    log('Cold build (empty caches)…');
    const first = await buildInProcess(site.dir, resultFile);
    const loadAfterCold = Math.round(loadavg()[1] * 10) / 10;
    log(
      `  ${first.result.seconds.toFixed(1)} s (${Math.round(first.cpuSeconds)} s of CPU; load average ${loadAfterCold})`,
    );
    // One word in an article in the middle of the listing, as an editor fixes a typo.
    const changed = site.articles[Math.floor(site.articles.length / 2)];
    await changeOneWord(site.dir, changed);
    log(`Rebuild after one word changed in ${changed}…`);
    const again = await buildInProcess(site.dir, resultFile);
    log(`  ${again.result.seconds.toFixed(1)} s`);

    const files = await walk(distDir);
    const sum = (filter: (file: string) => boolean) =>
      files.filter((f) => filter(f.file)).reduce((a, f) => a + f.bytes, 0);
    const cards = files.filter((f) => f.file.startsWith('images/_social/') && !/\.(br|gz)$/.test(f.file));
    const manifest = JSON.parse(await readFile(path.join(distDir, '_site.json'), 'utf8')) as SiteManifest;
    const routes = new Set(manifest.routes);
    const listings = manifest.routes.filter((r) => /\/page\/\d+$/.test(r) || routes.has(`${r}/page/2`));
    log('Server start…');
    const server = await measureServer(root, distDir, []);
    log('Studio checks…');
    const studio = await measureStudio(path.join(site.dir, 'site'), path.join(site.dir, changed), options.checks);
    return {
      articles: site.articles.length,
      photos: site.photoArticles.length,
      cold: cold(first.result),
      coldCpuSeconds: Math.round(first.cpuSeconds),
      loadAfterCold: loadAfterCold,
      coldEncoded: { copies: first.result.imageStats.encoded, cards: first.result.cardStats.drawn },
      peakBuildMb: mb(first.peakBytes),
      rebuildSeconds: again.result.seconds,
      rebuildRendered: again.result.rendered.length,
      dist: {
        files: files.length,
        megabytes: mb(sum(() => true)),
        copiesMb: mb(sum((f) => f.startsWith('images/_v/'))),
        cardsMb: mb(sum((f) => f.startsWith('images/_social/'))),
        averageCardKb: kb(cards.reduce((a, f) => a + f.bytes, 0) / Math.max(1, cards.length)),
      },
      server: { startMs: server.startMs, rssAtStartMb: server.rssAtStartMb },
      studio,
      largestListing: await largest(distDir, listings),
      largestPage: await largest(distDir, manifest.routes),
      feeds: {
        rssKb: kb((await stat(path.join(distDir, 'feed.xml'))).size),
        atomKb: kb((await stat(path.join(distDir, 'atom.xml'))).size),
      },
    };
  } finally {
    await site.remove();
  }
}

/** The results table: every figure with its target (where it has one) and whether it is met. */
export function thousandRows(f: ThousandFigures): string[][] {
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const s = (n: number) => `${n.toFixed(1)} s`;
  return [
    [
      '`npm run build`, cold (empty media and build caches)',
      `${s(f.cold.seconds)}: Vite ${s(f.cold.viteSeconds)}, media ${s(f.cold.mediaSeconds)} (${f.coldEncoded.copies} copies, ${f.coldEncoded.cards} cards), prerender ${s(f.cold.renderSeconds)}, precompression ${s(f.cold.compressSeconds)}`,
      '≤ 300 s',
      met(f.cold.seconds <= 300),
    ],
    [
      "CPU time of the cold build; the machine's load average (5 min) after it",
      `${f.coldCpuSeconds} s; ${f.loadAfterCold} on ${availableParallelism()} cores`,
      '',
      '',
    ],
    ['peak memory of the cold build (build process and its children)', `${f.peakBuildMb} MB`, '', ''],
    [
      '`npm run build` again after a one-word change to one article, caches kept',
      `${s(f.rebuildSeconds)} (${f.rebuildRendered} pages rendered)`,
      '≤ 30 s',
      met(f.rebuildSeconds <= 30),
    ],
    [
      '`dist/`',
      `${f.dist.megabytes} MB, ${f.dist.files} files (photo copies ${f.dist.copiesMb} MB, social cards ${f.dist.cardsMb} MB at ${f.dist.averageCardKb} KB each; sizes count the .br and .gz beside each file)`,
      '',
      '',
    ],
    ['server memory at start', `${f.server.rssAtStartMb} MB`, '≤ 250 MB', met(f.server.rssAtStartMb <= 250)],
    ['server start time (until / answers)', `${f.server.startMs} ms`, '', ''],
    [
      `studio: checking a one-word edit, median of ${f.studio.checks} (p95)`,
      `${f.studio.checkMedianMs} ms (${f.studio.checkP95Ms} ms; the first after opening ${f.studio.firstCheckMs} ms)`,
      '≤ 150 ms',
      met(f.studio.checkMedianMs <= 150),
    ],
    [
      `studio memory: after the first check, after ${f.studio.checks} more`,
      `${f.studio.rssAfterFirstMb} MB, ${f.studio.rssAfterAllMb} MB (${(f.studio.rssAfterAllMb - f.studio.rssAfterFirstMb).toFixed(1)} MB more)`,
      'no growth',
      met(f.studio.rssAfterAllMb - f.studio.rssAfterFirstMb <= 50),
    ],
    [
      'largest listing page, HTML',
      `${f.largestListing.kb} KB (${f.largestListing.route}); largest page of all ${f.largestPage.kb} KB (${f.largestPage.route})`,
      '≤ 200 KB',
      met(f.largestListing.kb <= 200),
    ],
    ['feeds', `RSS ${f.feeds.rssKb} KB, Atom ${f.feeds.atomKb} KB`, '', ''],
  ];
}
