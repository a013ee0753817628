// `npm run bench`: builds, serves, measures, and prints one table; the same results go to
// bench-results/<time>.json so two runs can be compared. Never part of `npm test`.
//   --only=transfer,load,memory,outage,axe,lighthouse,languages,scaling,blog,studio,unpublished,images,thousand,studio-memory   run some parts only
//   --quick                                          fewer routes and shorter runs (and studio keystrokes, outage rounds)
//   --routes=/a,/b                                   only these routes (for axe and Lighthouse)
//   --runs=N                                         Lighthouse pairs per route and form (default 3, 1 with --quick)
//   --forms=mobile                                   Lighthouse in these forms only (default mobile,desktop)
//   --before=DIR                                     also measure DIR (a checkout of the code before a change) in the Lighthouse part
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SiteManifest } from '../shared/site-manifest.ts';
import { buildSite } from './build.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { runAxe, type AxeRow } from './bench/axe.ts';
import { runLoad } from './bench/load.ts';
import { runDestinations } from './bench/destinations.ts';
import { runOutage } from './bench/outage.ts';
import { runScriptBudgets } from './bench/script-budgets.ts';
import { runServerMemory } from './bench/server-memory.ts';
import { runStudio } from './bench/studio.ts';
import { runStudioServer } from './bench/studio-server.ts';
import { measureStudioMemory, studioMemoryRows } from './bench/studio-memory.ts';
import { measureEncoders } from './bench/images.ts';
import { runScaling, scalingRows } from './bench/scaling.ts';
import { runThousand, thousandRows } from './bench/thousand.ts';
import { runUnpublished, unpublishedRows } from './bench/unpublished.ts';
import { lighthouseForms, type LighthouseForm } from './bench/lighthouse.ts';
import { addArticles, siteFilesIn, tempProject } from './bench/temp-project.ts';
import { measureLanguages } from './bench/languages.ts';
import { blogPath } from './content/model.ts';
import { firstLoad, type Transfer } from './bench/transfer.ts';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';

const root = path.join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? (quick ? 1 : 3));
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const wanted = (part: string) => !only || only.includes(part);
const before = args.find((a) => a.startsWith('--before='))?.slice(9);
const forms = args
  .find((a) => a.startsWith('--forms='))
  ?.slice(8)
  .split(',')
  .filter((form): form is LighthouseForm => (lighthouseForms as readonly string[]).includes(form));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()}`,
};

async function saveResults() {
  await mkdir(path.join(root, 'bench-results'), { recursive: true });
  const out = path.join(root, 'bench-results', `${(results.date as string).replace(/[:.]/g, '-')}.json`);
  await writeFile(out, JSON.stringify(results, null, 2));
  console.log(`\nResults: ${path.relative(root, out)}`);
}

function table(title: string, header: string[], rows: (string | number)[][]) {
  console.log(`\n## ${title}\n`);
  console.log(`| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

console.log(`Machine: ${results.machine}`);
if (only?.includes('thousand')) {
  // The 1,000-article site (scripts/bench/thousand.ts): only when asked, it takes minutes.
  const articles = Number(args.find((a) => a.startsWith('--articles='))?.slice(11) ?? 1000);
  const figures = await runThousand(root, { articles, checks: quick ? 5 : 15, log: (line) => console.log(line) });
  results.thousand = figures;
  table(
    `${figures.articles.toLocaleString('en')} articles, ${figures.photos} with their own 3000×2000 photo`,
    ['measure', 'result', 'target', ''],
    thousandRows(figures),
  );
}

if (only?.includes('studio-memory')) {
  // `npm start` with an editor on the 1,000-article site (scripts/bench/studio-memory.ts): only when asked.
  const articles = Number(args.find((a) => a.startsWith('--articles='))?.slice(11) ?? 1000);
  const figures = await measureStudioMemory({ articles, log: (line) => console.log(line) });
  results.studioMemory = figures;
  table(
    `npm start with an editor, ${figures.articles.toLocaleString('en')} articles: memory of the whole server`,
    ['measure', 'result', 'target'],
    studioMemoryRows(figures),
  );
}

if (wanted('unpublished')) {
  // The studio's list of unpublished changes on 1,000 saves (scripts/bench/unpublished.ts), a few seconds.
  const figures = await runUnpublished(root, 1000);
  results.unpublished = figures;
  table(
    'What is not published yet, 1,000 saves (GET /_studio/api/unpublished)',
    ['measure', 'time', 'target'],
    unpublishedRows(figures),
  );
}

// Parts on a copy of their own need no build of the project's dist/.
if (only?.every((part) => ['thousand', 'unpublished', 'studio-memory'].includes(part))) {
  await saveResults();
  process.exit(0);
}
const distDir = path.join(root, 'dist');
await buildSite({ root, quiet: true });
const manifest = JSON.parse(await readFile(path.join(distDir, '_site.json'), 'utf8')) as SiteManifest;
const chosen = args
  .find((a) => a.startsWith('--routes='))
  ?.slice(9)
  .split(',');
/** With --quick: the home page, the contact form and the blog listing (and an article, below). */
const quickPages = ['/', '/contact', '/resources/blogs'];
const routes =
  chosen ??
  (quick ? [...quickPages, manifest.routes.find((r) => r.startsWith('/resources/blogs/'))!] : manifest.routes);

if (wanted('transfer')) {
  const rows: [string, Transfer][] = [];
  for (const route of manifest.routes) rows.push([route, await firstLoad(distDir, route)]);
  results.transfer = Object.fromEntries(rows);
  table(
    'First-load transfer (brotli, from the build)',
    ['route', 'HTML + data', 'JavaScript', 'CSS'],
    rows.map(([r, t]) => [r, kb(t.html), kb(t.js), kb(t.css)]),
  );
}

if (wanted('load')) {
  const { rows, mismatches } = await runLoad(root, distDir, quick ? 5 : 10);
  results.load = { rows, mismatches };
  const ratio = rows[0].requestsPerSecond / rows[1].requestsPerSecond;
  table(
    'Server: GET / (brotli), 32 connections, loopback',
    ['server', 'requests/s', 'p99 latency', 'errors'],
    rows.map((r) => [r.server, r.requestsPerSecond, `${r.p99Ms} ms`, r.errors]),
  );
  console.log(
    `\nFastify at ${(ratio * 100).toFixed(0)}% of nginx. nginx status parity with Fastify: ${mismatches.length ? mismatches.join('; ') : 'identical on every probe'}.`,
  );
}

if (wanted('memory')) {
  const added = quick ? 256 : 1024;
  const rows = await runServerMemory(root, distDir, added);
  results.memory = rows;
  table(
    `Server memory and start time as dist/ grows (server/main.ts; ${added} MB of images added)`,
    ['dist/', 'start (until / answers)', 'resident memory at start', 'after each added image served once'],
    rows.map((r) => [r.dist, `${r.startMs} ms`, `${r.rssAtStartMb} MB`, `${r.rssAfterImagesMb} MB`]),
  );
}

if (wanted('outage')) {
  const outage = await runOutage(root, distDir, manifest.forms, { rounds: quick ? 1 : 5, leads: quick ? 300 : 1000 });
  results.outage = outage;
  const rounds = (values: number[]) => values.join(', ');
  table(
    `Leads accepted while the mail server is down (SMTP_URL at a closed port), ${outage.leadsPerRound} leads per round, 8 connections, loopback`,
    ['queue', 'leads/s (median)', 'rounds', 'warnings logged, per round'],
    [
      ['empty', outage.emptyMedian, rounds(outage.empty), rounds(outage.emptyWarnings)],
      [
        `behind ${outage.backlog.toLocaleString('en')} queued leads`,
        outage.behindMedian,
        rounds(outage.behind),
        rounds(outage.behindWarnings),
      ],
    ],
  );
  console.log(`\nBehind the backlog at ${outage.ratio}× the rate on an empty queue (target ≥ 0.9).`);
}

if (wanted('destinations')) {
  const rows = await runDestinations(root, distDir, manifest.forms, quick ? 300 : 1000);
  results.destinations = rows;
  table(
    `Lead throughput to mail and a webhook (real SMTP server and HTTP receiver), ${rows[0].leads} leads, 8 connections, loopback`,
    ['destinations', 'accepted leads/s', 'delivered by mail, leads/s', 'delivered to the webhook, leads/s'],
    rows.map((r) => [r.destinations, r.acceptedPerSecond, r.mailPerSecond, r.webhookPerSecond ?? '—']),
  );
}

if (wanted('axe') || wanted('lighthouse')) {
  ensureChromium();
  const app = await buildApp({ config: { ...configFromEnv(process.env, root), rateLimit: 0 } });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    if (wanted('axe')) {
      const rows: AxeRow[] = await runAxe(baseUrl, routes);
      results.axe = rows;
      table(
        'axe-core, WCAG 2.2 AA',
        ['route', 'width', 'violations'],
        rows.map((r) => [
          r.route,
          r.width,
          r.violations.length ? r.violations.map((v) => `${v.id} (${v.nodes})`).join(', ') : 0,
        ]),
      );
    }
    if (wanted('lighthouse')) {
      const measured = await runScriptBudgets({ baseUrl, routes, runs, forms, beforeDir: before, table });
      results.lighthouse = measured.lighthouse;
      results.scriptCost = { pages: measured.pages, verdicts: measured.verdicts, minutes: measured.minutes };
      if (measured.before) results.before = measured.before;
    }
  } finally {
    await app.close();
  }
}

if (wanted('languages')) {
  // axe and the script budgets on the site translated (scripts/bench/languages.ts), every language's pages.
  ensureChromium();
  results.languages = await measureLanguages({ pages: quick ? quickPages : undefined, runs, forms, table });
}

if (wanted('scaling')) {
  const rows = await runScaling(quick ? [10, 100] : [10, 100, 1000]);
  results.scaling = rows;
  table(
    'Build time with generated pages',
    ['pages', 'npm run build', 'of which Vite', 'of which precompression', 'prerender rate'],
    scalingRows(rows),
  );
}

if (wanted('blog')) {
  // Both builds from one copy of the sources, differing only in the number of articles.
  const [smallDir, largeDir] = [await tempProject(), await tempProject()];
  await addArticles(largeDir, 500);
  for (const dir of [smallDir, largeDir]) await buildSite({ root: dir, quiet: true });
  const articles = await siteFilesIn(smallDir, 'blog', '.md');
  const article = blogPath(path.basename(articles[0], '.md'));
  const measure = async (d: string) => ({
    home: await firstLoad(path.join(d, 'dist'), '/'),
    article: await firstLoad(path.join(d, 'dist'), article),
  });
  const small = await measure(smallDir);
  const large = await measure(largeDir);
  const total = (t: Transfer) => t.html + t.js + t.css;
  results.blog = { articles: articles.length, small, large };
  table(
    'Weight as the blog grows (brotli, HTML + data + JS + CSS)',
    ['page', `${articles.length} articles`, '500 articles', 'change'],
    (['home', 'article'] as const).map((k) => [
      k === 'home' ? '/' : article,
      kb(total(small[k])),
      kb(total(large[k])),
      `${(((total(large[k]) - total(small[k])) / total(small[k])) * 100).toFixed(2)}%`,
    ]),
  );
}

if (wanted('studio')) {
  ensureChromium();
  const times = await runStudioServer(root, distDir, { reloads: quick ? 3 : 5 });
  results.studioServer = times;
  table(
    'Studio on the server (npm start with an editor, a committed copy of site/, Chromium)',
    ['measure', 'time', 'target'],
    [
      ['server start, the studio ready to serve', `${times.serverStartMs} ms`, ''],
      ['ready after sign-in, first open (entry list and preview shown)', `${times.openColdMs} ms`, '3000 ms'],
      ['ready after sign-in, open again, median', `${times.openWarmMs} ms`, '3000 ms'],
    ],
  );
}

if (wanted('studio')) {
  ensureChromium();
  const times = await runStudio(root, { reloads: quick ? 3 : 5, keystrokes: quick ? 10 : 20 });
  results.studio = times;
  table(
    'Studio (npm run studio on a copy of site/, Chromium)',
    ['measure', 'time', 'target'],
    [
      ['open, first after start (until the page shows in the preview)', `${times.openColdMs} ms`, '2000 ms'],
      ['open again, median', `${times.openWarmMs} ms`, '2000 ms'],
      [`keystroke to preview, median of ${times.keystrokes}`, `${times.keystrokeMedianMs} ms`, '300 ms'],
      [`keystroke to preview, p95 of ${times.keystrokes}`, `${times.keystrokeP95Ms} ms`, '300 ms'],
    ],
  );
}

if (wanted('images')) {
  // The photo encoders on a 3000×2000 camera-like photo (scripts/bench/images.ts).
  const rows = await measureEncoders(quick ? [1600, 480] : undefined);
  results.images = rows;
  table(
    'Photo encoding, 3000×2000 camera-like photo',
    ['width', 'setting', 'CPU time', 'size', 'PSNR'],
    rows.map((r) => [r.width, r.setting, `${Math.round(r.ms)} ms`, `${r.kb.toFixed(1)} KB`, `${r.psnr.toFixed(2)} dB`]),
  );
}

await saveResults();
