// The studio's live check of a one-word edit on the 1,000-article site, measured
// two ways: over HTTP as the editor's browser sends it (POST /_studio/api/check to `npm run studio`,
// timed to its answer, with the studio's resident memory), and in this process with the heap
// weighed after a full garbage collection following each check, which shows whether anything is
// kept from one check to the next.
//   node scripts/bench/studio-check.ts [--articles=1000] [--checks=20] [--project=DIR]
// --project: measure another checkout of the project (the code before a change) on the same site.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Entry } from '../../shared/studio-protocol.ts';
import { startStudio, studioFetch } from '../../tests/fixtures/studio.ts';
import { treeMemory } from './build-process.ts';
import { thousandSite } from './thousand-site.ts';

export interface StudioCheckFigures {
  articles: number;
  checks: number;
  http: { medianMs: number; p95Ms: number; rssFirstMb: number; rssLastMb: number };
  inProcess: { medianMs: number; heapFirstMb: number; heapLastMb: number; heapMaxMb: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(0.95 * values.length) - 1];
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The studio process serving `root`. */
async function studioPid(root: string): Promise<number> {
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const environ = await readFile(`/proc/${name}/environ`, 'utf8').catch(() => '');
    if (environ.split('\0').includes(`SITE_ROOT=${root}`)) return Number(name);
  }
  throw new Error(`No studio process serves ${root}.`);
}

/** Alternately "team" → "group" and back in the article's body: each check is of a new text. */
const oneWord = (body: string, i: number) => (i % 2 ? body : body.replace(/\bteam\b/, 'group'));

async function overHttp(siteDir: string, file: string, checks: number, project?: string) {
  const studio = await startStudio({ site: siteDir, env: { NODE_ENV: undefined }, git: false, project });
  try {
    const entry = (await (await studioFetch(studio, `entry?file=${encodeURIComponent(file)}`)).json()) as Entry;
    const check = async (i: number) => {
      const started = performance.now();
      const response = await studioFetch(studio, `check?file=${encodeURIComponent(file)}`, {
        body: { data: entry.data, body: oneWord(entry.body ?? '', i) },
      });
      const verdict = (await response.json()) as { errors?: unknown[] };
      if (!response.ok || verdict.errors?.length) throw new Error(`The check failed: ${JSON.stringify(verdict)}`);
      return performance.now() - started;
    };
    const pid = await studioPid(studio.root);
    await check(0);
    const rssFirstMb = mb(await treeMemory(pid));
    const times: number[] = [];
    for (let i = 1; i <= checks; i++) times.push(await check(i));
    return {
      medianMs: Math.round(median(times)),
      p95Ms: Math.round(p95(times)),
      rssFirstMb,
      rssLastMb: mb(await treeMemory(pid)),
    };
  } catch (error) {
    throw new Error(`The studio's check failed. The studio said:\n${studio.output()}`, { cause: error });
  } finally {
    await studio.stop();
  }
}

/** The check's compile as the studio makes it (entries.ts `judge`), in this process. */
async function inProcess(root: string, file: string, checks: number, project: string) {
  type Judge = (root: string, file: string, text: string, baseline?: unknown) => Promise<unknown>;
  const { judge } = (await import(path.join(project, 'scripts', 'studio', 'entries.ts'))) as { judge: Judge };
  const { loadSite } = (await import(path.join(project, 'scripts', 'content', 'load-site.ts'))) as {
    loadSite: (options: object) => Promise<unknown>;
  };
  const text = await readFile(path.join(root, 'site', file), 'utf8');
  const baseline = await loadSite({ root, includeDrafts: true });
  const times: number[] = [];
  for (let i = 0; i <= checks; i++) {
    const started = performance.now();
    await judge(root, file, oneWord(text, i), baseline);
    if (i > 0) times.push(performance.now() - started);
  }
  // Weighed in a second round: a full collection between checks would slow the next one.
  const heaps: number[] = [];
  for (let i = 0; i <= checks; i++) {
    await judge(root, file, oneWord(text, i), baseline);
    gc();
    heaps.push(process.memoryUsage().heapUsed);
  }
  return {
    medianMs: Math.round(median(times)),
    heapFirstMb: mb(heaps[0]),
    heapLastMb: mb(heaps.at(-1)!),
    heapMaxMb: mb(Math.max(...heaps)),
  };
}

export async function measureStudioCheck(
  options: { articles?: number; checks?: number; project?: string } = {},
): Promise<StudioCheckFigures> {
  const articles = options.articles ?? 1000;
  const checks = options.checks ?? 20;
  const project = path.resolve(options.project ?? path.join(import.meta.dirname, '..', '..'));
  const site = await thousandSite({ articles });
  try {
    const file = path.relative(path.join(site.dir, 'site'), path.join(site.dir, site.articles[articles / 2]));
    const http = await overHttp(path.join(site.dir, 'site'), file, checks, options.project && project);
    return { articles, checks, http, inProcess: await inProcess(site.dir, file, checks, project) };
  } finally {
    await site.remove();
  }
}

if (import.meta.main) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const figures = await measureStudioCheck({
    articles: Number(arg('articles') ?? 1000),
    checks: Number(arg('checks') ?? 20),
    project: arg('project'),
  });
  const { http, inProcess: here } = figures;
  console.log(
    [
      `${figures.articles} articles, ${figures.checks} checks of a one-word edit`,
      `over HTTP: median ${http.medianMs} ms (p95 ${http.p95Ms} ms); studio RSS ${http.rssFirstMb} MB after the first check, ${http.rssLastMb} MB after the last`,
      `in process: median ${here.medianMs} ms; heap after GC ${here.heapFirstMb} MB after the first check, ${here.heapLastMb} MB after the last (at most ${here.heapMaxMb} MB)`,
    ].join('\n'),
  );
}
