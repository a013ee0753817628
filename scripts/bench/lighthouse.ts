// Lighthouse in Debian's Chromium, mobile (default throttling) and desktop, one route at a time:
// the four category scores, LCP/TBT/CLS, and the JavaScript and CSS bytes transferred. Scores
// vary from run to run, so each route is measured several times and the run Lighthouse itself
// calls the median (closest to the median FCP and TTI) is reported, with the spread of scores.
// Absolute scores depend on the host, so each run is paired with one of the same page with its
// scripts blocked (Lighthouse's blockedUrlPatterns), taken right after it: the difference is
// what the scripts cost, and what the script budgets read (script-cost.ts).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/browser/chromium.ts';
import type { RunSample, ScriptBootup, ScriptCostRow, ScriptPair } from './script-cost.ts';

export interface LighthouseRow {
  route: string;
  form: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** How many runs the median was taken from, and the lowest and highest performance score. */
  runs: number;
  performanceRange: [number, number];
  /** The elements Lighthouse saw move, when anything moved: what to look at first. */
  shifted?: string[];
  jsBytes: number;
  cssBytes: number;
  /** The same page with its scripts blocked, in the same runs: performance, LCP and TBT. */
  withoutScripts: { performance: number; lcpMs: number; tbtMs: number };
  /** Every pair of runs, and what the scripts cost (script-cost.ts reads it). */
  scriptCost: ScriptCostRow;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  sessionTargetType?: string;
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One completed Lighthouse run; one that Lighthouse could not complete is tried again, up to three times. */
async function measure(
  url: string,
  port: number,
  form: LighthouseRow['form'],
  blockScripts = false,
): Promise<Result | undefined> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        // Nothing here reads it, and it is a large capture on every run.
        disableFullPageScreenshot: true,
        // The run without scripts is only the baseline of the performance figures.
        onlyCategories: blockScripts ? ['performance'] : ['performance', 'accessibility', 'best-practices', 'seo'],
        blockedUrlPatterns: blockScripts ? ['*.js'] : [],
      },
      form === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result!.lhr;
    if (!lhr.runtimeError && lhr.categories.performance?.score !== null) return lhr;
    console.warn(
      `  ${url} ${form}: Lighthouse could not measure (${lhr.runtimeError?.code ?? 'no score'}), attempt ${attempt}`,
    );
  }
  return undefined;
}

const sample = (lhr: Result): RunSample => ({
  tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
  mainThreadMs: lhr.audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN,
});

/** The page's own scripts (not those of a page the browser prerendered for a link). */
const scriptItems = (lhr: Result) =>
  ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (i) => i.resourceType === 'Script' && (i.sessionTargetType ?? 'page') === 'page',
  );

const bootup = (lhr: Result): ScriptBootup[] =>
  (
    (
      lhr.audits['bootup-time']?.details as
        { items?: { url: string; total: number; scripting: number; scriptParseCompile: number }[] } | undefined
    )?.items ?? []
  ).map((i) => ({
    url: i.url,
    totalMs: Math.round(i.total),
    scriptingMs: Math.round(i.scripting),
    parseCompileMs: Math.round(i.scriptParseCompile),
  }));

const scoreOf = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

/** Lighthouse `runs` times with scripts and without, back to back; undefined when no run completed. */
async function measureRoute(
  port: number,
  baseUrl: string,
  route: string,
  form: LighthouseRow['form'],
  runs: number,
): Promise<LighthouseRow | undefined> {
  const results: Result[] = [];
  const blocked: Result[] = [];
  const pairs: ScriptPair[] = [];
  for (let run = 0; run < runs; run++) {
    const lhr = await measure(baseUrl + route, port, form);
    const without = await measure(baseUrl + route, port, form, true);
    if (lhr) results.push(lhr);
    if (without) blocked.push(without);
    if (lhr && without) pairs.push({ with: sample(lhr), without: sample(without) });
  }
  if (!results.length || !blocked.length) return undefined;
  const lhr = computeMedianRun(results);
  const base = computeMedianRun(blocked);
  const performance = results.map((r) => scoreOf(r, 'performance'));
  const score = (id: string) => scoreOf(lhr, id);
  const lowest = (id: string) => Math.min(...results.map((r) => scoreOf(r, id)));
  const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const bytes = (type: string) =>
    items.filter((i) => i.resourceType === type).reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  const scripts = scriptItems(lhr);
  const row: LighthouseRow = {
    route,
    form,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    runs: results.length,
    performanceRange: [Math.min(...performance), Math.max(...performance)],
    jsBytes: bytes('Script'),
    cssBytes: bytes('Stylesheet'),
    withoutScripts: {
      performance: Math.round((base.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(base.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(base.audits['total-blocking-time']?.numericValue ?? 0),
    },
    scriptCost: {
      route,
      form,
      pairs,
      jsTransferBytes: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
      scripts: scripts.length,
      accessibility: lowest('accessibility'),
      bestPractices: lowest('best-practices'),
      seo: lowest('seo'),
      bootup: bootup(lhr),
    },
  };
  const shifts =
    (
      lhr.audits['layout-shifts']?.details as
        { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined
    )?.items ?? [];
  if (row.cls > 0) row.shifted = shifts.map((item) => item.node?.selector ?? item.node?.snippet ?? 'unknown');
  return row;
}

/** The forms Lighthouse measures a route in: a phone (its default throttling) and a desktop. */
export const lighthouseForms = ['mobile', 'desktop'] as const;
export type LighthouseForm = (typeof lighthouseForms)[number];

/**
 * Every route in each form asked for (both by default), on each site in turn (`sites`: a name for each base address, e.g.
 * the current build and the code before a change), so that the sites are compared under the
 * same load of the host. Rows come back per site, in the order of the routes.
 */
export async function runLighthouse(
  sites: Record<string, string>,
  routes: string[],
  runs: number,
  onRow: (row: LighthouseRow, site: string) => void,
  forms: readonly LighthouseForm[] = lighthouseForms,
): Promise<Record<string, LighthouseRow[]>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS.filter((flag) => flag !== '--headless').concat('--headless=new'),
  });
  const rows: Record<string, LighthouseRow[]> = Object.fromEntries(Object.keys(sites).map((site) => [site, []]));
  // chrome-launcher starts Chromium in a process group of its own: a stopped bench takes it along.
  const stop = (signal: NodeJS.Signals) => {
    chrome.kill();
    process.kill(process.pid, signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
  try {
    for (const route of routes) {
      for (const form of forms) {
        for (const [site, baseUrl] of Object.entries(sites)) {
          const row = await measureRoute(chrome.port, baseUrl, route, form, runs);
          if (!row) continue;
          rows[site].push(row);
          onRow(row, site);
        }
      }
    }
  } finally {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, stop);
    chrome.kill();
  }
  return rows;
}
