// What the scripts cost a visitor, and whether that stays within the budgets: the pure
// part of the bench, fed by Lighthouse (lighthouse.ts: pairs of runs with and without scripts)
// and by a Chromium visit of each page (page-check.ts: console, script bytes, islands). Each
// pair is the page with its scripts and the same page with `*.js` blocked, taken back to back;
// a route's figure is the median over its pairs of the difference within each pair, so a run
// that the busy host slowed counts against its own partner rather than against the whole set.

/** One Lighthouse run, reduced to what the budgets read. */
export interface RunSample {
  /** Total blocking time (Lighthouse's `total-blocking-time`), ms. */
  tbtMs: number;
  /** Main-thread work (Lighthouse's `mainthread-work-breakdown` numericValue), ms. */
  mainThreadMs: number;
}

export interface ScriptPair {
  with: RunSample;
  without: RunSample;
}

/** What Lighthouse's bootup-time says one script costs (its items of at least 50 ms). */
export interface ScriptBootup {
  url: string;
  totalMs: number;
  scriptingMs: number;
  parseCompileMs: number;
}

/** One route in one form factor, as lighthouse.ts measured it. */
export interface ScriptCostRow {
  route: string;
  form: 'mobile' | 'desktop';
  pairs: ScriptPair[];
  /** Script responses' transferSize (brotli body plus HTTP headers), in the median run with scripts. */
  jsTransferBytes: number;
  scripts: number;
  /** The lowest score over the runs with scripts: each must be 100. */
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** bootup-time of the median run with scripts: what to look at when a budget is not met. */
  bootup: ScriptBootup[];
}

/** One route in Chromium (page-check.ts): what the budgets need beyond Lighthouse. */
export interface PageCheck {
  route: string;
  /** Script responses' bodies as received (brotli), bytes. */
  jsBodyBytes: number;
  scripts: number;
  /** Islands on the page (interactive sections hydrated in the browser). */
  islands: number;
  /** Every section on the page is static (none is an island in the registry). */
  allStatic: boolean;
  hydrationWarnings: string[];
  consoleErrors: string[];
}

export const budgets = {
  blockingAddedMs: 50,
  mainThreadAddedMs: 300,
  homeJsBytes: 60 * 1024,
  staticPageJsBytes: 30 * 1024,
  score: 100,
} as const;

/** The largest value, NaN when there is none (not measured). */
const largest = (values: number[]): number => (values.length ? Math.max(...values) : Number.NaN);

export const median = (values: number[]): number => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export interface Added {
  blockingMs: number;
  mainThreadMs: number;
  /** The medians of each side on its own, for the table's detail. */
  with: RunSample;
  without: RunSample;
}

export function addedByScripts(pairs: ScriptPair[]): Added {
  const side = (pick: (p: ScriptPair) => RunSample): RunSample => ({
    tbtMs: Math.round(median(pairs.map((p) => pick(p).tbtMs))),
    mainThreadMs: Math.round(median(pairs.map((p) => pick(p).mainThreadMs))),
  });
  return {
    blockingMs: Math.round(median(pairs.map((p) => p.with.tbtMs - p.without.tbtMs))),
    mainThreadMs: Math.round(median(pairs.map((p) => p.with.mainThreadMs - p.without.mainThreadMs))),
    with: side((p) => p.with),
    without: side((p) => p.without),
  };
}

export interface Check {
  /** What is measured, in words, e.g. "mobile: blocking time added". */
  name: string;
  value: number;
  limit: number;
  unit: 'ms' | 'bytes' | 'score' | 'count';
  met: boolean;
}

export interface RouteVerdict {
  route: string;
  allStatic: boolean;
  checks: Check[];
  met: boolean;
}

const atMost = (name: string, value: number, limit: number, unit: Check['unit']): Check => ({
  name,
  value,
  limit,
  unit,
  met: Number.isFinite(value) && value <= limit,
});

/**
 * The script budgets for each route: the rows of both forms and the route's page check.
 * A route with no Lighthouse row or no page check fails (not measured is not met).
 */
export function evaluateBudgets(
  rows: ScriptCostRow[],
  pages: PageCheck[],
  forms: readonly ScriptCostRow['form'][] = ['mobile', 'desktop'],
  /** The home pages: the site's own, and each language's (/de). */
  homes: readonly string[] = ['/'],
): RouteVerdict[] {
  const routes = [...new Set([...rows.map((r) => r.route), ...pages.map((p) => p.route)])];
  return routes.map((route) => {
    const page = pages.find((p) => p.route === route);
    const checks: Check[] = [];
    for (const form of forms) {
      const row = rows.find((r) => r.route === route && r.form === form);
      const added = row?.pairs.length ? addedByScripts(row.pairs) : undefined;
      checks.push(
        atMost(`${form}: blocking time added`, added?.blockingMs ?? Number.NaN, budgets.blockingAddedMs, 'ms'),
        atMost(`${form}: main-thread work added`, added?.mainThreadMs ?? Number.NaN, budgets.mainThreadAddedMs, 'ms'),
      );
      for (const [label, score] of [
        ['accessibility', row?.accessibility],
        ['best practices', row?.bestPractices],
        ['SEO', row?.seo],
      ] as const) {
        const value = score ?? Number.NaN;
        checks.push({
          name: `${form}: ${label}`,
          value,
          limit: budgets.score,
          unit: 'score',
          met: value >= budgets.score,
        });
      }
    }
    // JavaScript bytes are the same in both forms; the larger transfer counts.
    const transfer = largest(rows.filter((r) => r.route === route).map((r) => r.jsTransferBytes));
    const allStatic = page?.allStatic ?? false;
    if (homes.includes(route)) checks.push(atMost('JavaScript (home page)', transfer, budgets.homeJsBytes, 'bytes'));
    if (allStatic)
      checks.push(atMost('JavaScript (all sections static)', transfer, budgets.staticPageJsBytes, 'bytes'));
    checks.push(
      atMost('hydration warnings', page?.hydrationWarnings.length ?? Number.NaN, 0, 'count'),
      atMost('console errors', page?.consoleErrors.length ?? Number.NaN, 0, 'count'),
    );
    return { route, allStatic, checks, met: checks.every((c) => c.met) };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (Number.isFinite(value) ? `${value} ms` : 'not measured');

export function formatValue(check: Pick<Check, 'value' | 'unit'>): string {
  if (!Number.isFinite(check.value)) return 'not measured';
  if (check.unit === 'ms') return `${check.value} ms`;
  if (check.unit === 'bytes') return kb(check.value);
  return String(check.value);
}

/** The budgets not met, one line each: which route, which budget, by how much. */
export function failures(verdicts: RouteVerdict[]): string[] {
  return verdicts.flatMap((v) =>
    v.checks
      .filter((c) => !c.met)
      .map((c) => {
        const limit = formatValue({ value: c.limit, unit: c.unit });
        if (!Number.isFinite(c.value)) return `${v.route}: ${c.name} not measured`;
        if (c.unit === 'score') return `${v.route}: ${c.name} ${c.value} (must be ${limit})`;
        const over = formatValue({ value: c.value - c.limit, unit: c.unit });
        return `${v.route}: ${c.name} ${formatValue(c)}, ${over} over the budget of ${limit}`;
      }),
  );
}

/** The markdown table of the budgets, one line per route; `pages` gives the body bytes and the console. */
export function budgetTable(
  rows: ScriptCostRow[],
  pages: PageCheck[],
  forms: readonly ScriptCostRow['form'][] = ['mobile', 'desktop'],
): string {
  const verdicts = evaluateBudgets(rows, pages, forms);
  const lines = [
    '| route | mobile: blocking / main-thread added | desktop: blocking / main-thread added | JavaScript: transferred (body), scripts | a11y / BP / SEO | hydration warnings / console errors | budgets |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const verdict of verdicts) {
    const { route } = verdict;
    const page = pages.find((p) => p.route === route);
    const form = (f: ScriptCostRow['form']) => {
      const row = rows.find((r) => r.route === route && r.form === f);
      if (!row?.pairs.length) return 'not measured';
      const added = addedByScripts(row.pairs);
      return `${ms(added.blockingMs)} / ${ms(added.mainThreadMs)}`;
    };
    const routeRows = rows.filter((r) => r.route === route);
    const transfer = largest(routeRows.map((r) => r.jsTransferBytes));
    const js = Number.isFinite(transfer)
      ? `${kb(transfer)} (${page ? kb(page.jsBodyBytes) : '?'}), ${largest(routeRows.map((r) => r.scripts))}`
      : 'not measured';
    const lowest = (pick: (r: ScriptCostRow) => number) =>
      routeRows.length ? String(Math.min(...routeRows.map(pick))) : '?';
    const scores = `${lowest((r) => r.accessibility)} / ${lowest((r) => r.bestPractices)} / ${lowest((r) => r.seo)}`;
    const console = page ? `${page.hydrationWarnings.length} / ${page.consoleErrors.length}` : 'not measured';
    const unmet = verdict.checks.filter((c) => !c.met).map((c) => c.name);
    const label = `${route}${verdict.allStatic ? ' (static)' : ''}`;
    lines.push(
      `| ${label} | ${form('mobile')} | ${form('desktop')} | ${js} | ${scores} | ${console} | ${unmet.length ? `not met: ${unmet.join(', ')}` : 'met'} |`,
    );
  }
  return lines.join('\n');
}

export interface Measured {
  rows: ScriptCostRow[];
  pages: PageCheck[];
}

/** Before and after, route by route, measured in the same run: what the scripts add, and their bytes. */
export function compareTable(before: Measured, after: Measured): string {
  const lines = [
    '| route | mobile: blocking added | mobile: main-thread added | desktop: blocking added | desktop: main-thread added | JavaScript transferred (scripts) |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const routes = [...new Set(after.rows.map((r) => r.route))];
  const added = (m: Measured, route: string, form: ScriptCostRow['form']) => {
    const row = m.rows.find((r) => r.route === route && r.form === form);
    return row?.pairs.length ? addedByScripts(row.pairs) : undefined;
  };
  const js = (m: Measured, route: string) => {
    const rows = m.rows.filter((r) => r.route === route);
    return rows.length
      ? `${kb(largest(rows.map((r) => r.jsTransferBytes)))} (${largest(rows.map((r) => r.scripts))})`
      : 'not measured';
  };
  for (const route of routes) {
    const cells = (['mobile', 'desktop'] as const).flatMap((form) => {
      const [b, a] = [added(before, route, form), added(after, route, form)];
      return [
        `${ms(b?.blockingMs ?? Number.NaN)} → ${ms(a?.blockingMs ?? Number.NaN)}`,
        `${ms(b?.mainThreadMs ?? Number.NaN)} → ${ms(a?.mainThreadMs ?? Number.NaN)}`,
      ];
    });
    lines.push(`| ${route} | ${cells.join(' | ')} | ${js(before, route)} → ${js(after, route)} |`);
  }
  return lines.join('\n');
}

/** For each route that misses a timing budget: the scripts Lighthouse's bootup-time blames, costliest first. */
export function bootupReport(rows: ScriptCostRow[], verdicts: RouteVerdict[], top = 5): string[] {
  const lines: string[] = [];
  for (const verdict of verdicts.filter((v) => !v.met)) {
    for (const row of rows.filter((r) => r.route === verdict.route)) {
      const blamed = row.bootup.slice(0, top).map((b) => {
        const name = b.url.replace(/^https?:\/\/[^/]+/, '');
        return `${name} ${b.totalMs} ms (script ${b.scriptingMs} ms, parse ${b.parseCompileMs} ms)`;
      });
      if (blamed.length) lines.push(`${verdict.route} ${row.form}: ${blamed.join('; ')}`);
    }
  }
  return lines;
}
