// Lighthouse in Debian's Chromium, mobile (default throttling) and desktop, one route at a time:
// the four category scores, LCP/TBT/CLS, and the JavaScript and CSS bytes transferred. Scores
// vary from run to run, so each route is measured several times and the run Lighthouse itself
// calls the median (closest to the median FCP and TTI) is reported, with the spread of scores.
// Absolute scores depend on the host, so each run is paired with one of the same page with its
// scripts blocked (Lighthouse's blockedUrlPatterns), taken right after it: the difference is
// what the scripts cost.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/browser/chromium.ts';

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
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
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
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
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

export async function runLighthouse(
  baseUrl: string,
  routes: string[],
  runs: number,
  onRow: (row: LighthouseRow) => void,
): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS.filter((flag) => flag !== '--headless').concat('--headless=new'),
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const route of routes) {
      for (const form of ['mobile', 'desktop'] as const) {
        const results: Result[] = [];
        const blocked: Result[] = [];
        for (let run = 0; run < runs; run++) {
          const lhr = await measure(baseUrl + route, chrome.port, form);
          if (lhr) results.push(lhr);
          const without = await measure(baseUrl + route, chrome.port, form, true);
          if (without) blocked.push(without);
        }
        if (!results.length || !blocked.length) continue;
        const lhr = computeMedianRun(results);
        const base = computeMedianRun(blocked);
        const performance = results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
        const bytes = (type: string) =>
          items.filter((i) => i.resourceType === type).reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
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
        };
        const shifts =
          (
            lhr.audits['layout-shifts']?.details as
              { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined
          )?.items ?? [];
        if (row.cls > 0) row.shifted = shifts.map((item) => item.node?.selector ?? item.node?.snippet ?? 'unknown');
        rows.push(row);
        onRow(row);
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
