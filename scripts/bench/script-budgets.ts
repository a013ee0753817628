// The Lighthouse part of `npm run bench`: every route in both forms, each run paired with the same
// page with its scripts blocked (lighthouse.ts), every route opened in Chromium for its console
// and script bytes (page-check.ts), then the scores table and the script budgets
// (script-cost.ts). With `before` (another checkout, served by its own server) each route is
// measured on both, one after the other, and a before/after table follows.
import type { LighthouseRow } from './lighthouse.ts';
import { lighthouseForms, runLighthouse, type LighthouseForm } from './lighthouse.ts';
import { checkPages } from './page-check.ts';
import { serveCheckout, type ServedCheckout } from './other-checkout.ts';
import {
  addedByScripts,
  bootupReport,
  budgets,
  budgetTable,
  compareTable,
  evaluateBudgets,
  failures,
  type Measured,
  type PageCheck,
  type RouteVerdict,
} from './script-cost.ts';

export interface ScriptBudgetResults {
  lighthouse: LighthouseRow[];
  pages: PageCheck[];
  verdicts: RouteVerdict[];
  minutes: number;
  before?: { dir: string; lighthouse: LighthouseRow[]; pages: PageCheck[] };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export async function runScriptBudgets(options: {
  baseUrl: string;
  routes: string[];
  runs: number;
  /** The forms measured (both by default); the budgets are judged in these. */
  forms?: readonly LighthouseForm[];
  /** A checkout of the code before, measured beside this one. */
  beforeDir?: string;
  table: (title: string, header: string[], rows: (string | number)[][]) => void;
  /** The routes held to the home page's budget (default /). */
  homes?: readonly string[];
}): Promise<ScriptBudgetResults> {
  const { baseUrl, routes, runs, beforeDir, table, forms = lighthouseForms, homes } = options;
  const started = Date.now();
  let before: ServedCheckout | undefined;
  if (beforeDir) before = await serveCheckout(beforeDir);
  try {
    const sites: Record<string, string> = before ? { before: before.baseUrl, current: baseUrl } : { current: baseUrl };
    const count = Object.keys(sites).length;
    console.log(
      `\nLighthouse, route by route: ${runs} pair${runs > 1 ? 's' : ''} (with and without scripts) per form${count > 1 ? ', before and current in turn' : ''} (about ${Math.round((count * runs * 2 * forms.length * 16) / 60)} min per route on a 2-core host)…`,
    );
    const measured = await runLighthouse(
      sites,
      routes,
      runs,
      (row, site) => {
        const added = addedByScripts(row.scriptCost.pairs);
        process.stdout.write(
          `  ${count > 1 ? `${site} ` : ''}${row.route} ${row.form}: ${row.performance}/${row.accessibility}/${row.bestPractices}/${row.seo} (performance ${row.performanceRange.join('-')} over ${row.runs} runs; ${row.withoutScripts.performance} with scripts blocked); scripts add ${added.blockingMs} ms blocking, ${added.mainThreadMs} ms main-thread; ${(row.scriptCost.jsTransferBytes / 1024).toFixed(1)} KB of JavaScript in ${row.scriptCost.scripts}\n`,
        );
      },
      forms,
    );
    console.log('\nEach route in Chromium (console, script bytes, islands)…');
    const pages = await checkPages(baseUrl, routes);
    const beforePages = before
      ? // Which pages are all static is a property of the content and the registry: the current build says.
        (await checkPages(before.baseUrl, routes)).map((p) => ({
          ...p,
          allStatic: pages.find((c) => c.route === p.route)?.allStatic ?? false,
        }))
      : undefined;
    const rows = measured.current;
    table(
      `Lighthouse (performance / accessibility / best practices / SEO), median of ${runs} run${runs > 1 ? 's' : ''}`,
      [
        'route',
        'form',
        'scores',
        'performance range',
        'LCP',
        'TBT',
        'CLS',
        'JS',
        'CSS',
        'scripts blocked: performance / LCP / TBT',
      ],
      rows.map((r) => [
        r.route,
        r.form,
        `${r.performance} / ${r.accessibility} / ${r.bestPractices} / ${r.seo}`,
        r.performanceRange[0] === r.performanceRange[1] ? String(r.performanceRange[0]) : r.performanceRange.join('-'),
        `${r.lcpMs} ms`,
        `${r.tbtMs} ms`,
        r.cls,
        `${(r.jsBytes / 1024).toFixed(1)} KB`,
        `${(r.cssBytes / 1024).toFixed(1)} KB`,
        `${r.withoutScripts.performance} / ${r.withoutScripts.lcpMs} ms / ${r.withoutScripts.tbtMs} ms`,
      ]),
    );
    const costs = rows.map((r) => r.scriptCost);
    const verdicts = evaluateBudgets(costs, pages, forms, homes);
    console.log(
      `\n## What the scripts add (median of ${runs} pair${runs > 1 ? 's' : ''}; budgets: ≤ ${budgets.blockingAddedMs} ms blocking and ≤ ${budgets.mainThreadAddedMs} ms main-thread added on every route, JavaScript ≤ ${kb(budgets.homeJsBytes)} on the home page and ≤ ${kb(budgets.staticPageJsBytes)} where every section is static, counted as transferred)\n`,
    );
    console.log(budgetTable(costs, pages, forms));
    const unmet = failures(verdicts);
    console.log(
      unmet.length
        ? `\nBudgets not met on ${new Set(verdicts.filter((v) => !v.met).map((v) => v.route)).size} of ${verdicts.length} routes:\n${unmet.map((line) => `- ${line}`).join('\n')}`
        : `\nBudgets met on all ${verdicts.length} routes.`,
    );
    const blamed = bootupReport(costs, verdicts);
    if (blamed.length)
      console.log(
        `\nWhat the scripts cost there (Lighthouse's bootup-time):\n${blamed.map((l) => `- ${l}`).join('\n')}`,
      );
    if (before && beforePages) {
      const was: Measured = { rows: measured.before.map((r) => r.scriptCost), pages: beforePages };
      console.log(`\n## Before (${beforeDir}) → current, measured in the same run\n`);
      console.log(compareTable(was, { rows: costs, pages }));
    }
    const minutes = Number(((Date.now() - started) / 60_000).toFixed(1));
    console.log(`\nThe Lighthouse part took ${minutes} min for ${routes.length} route${routes.length > 1 ? 's' : ''}.`);
    return {
      lighthouse: rows,
      pages,
      verdicts,
      minutes,
      ...(before && beforePages
        ? { before: { dir: beforeDir!, lighthouse: measured.before, pages: beforePages } }
        : {}),
    };
  } finally {
    await before?.close();
  }
}
