// axe-core (WCAG 2.2 AA rules) on every route at phone and desktop width, in Chromium.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { launchChromium } from '../../tests/browser/chromium.ts';

export interface AxeRow {
  route: string;
  width: number;
  violations: { id: string; impact: string | null; nodes: number; help: string; targets: string[] }[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function runAxe(baseUrl: string, routes: string[], widths = [390, 1280]): Promise<AxeRow[]> {
  const browser = await launchChromium();
  const rows: AxeRow[] = [];
  try {
    for (const width of widths) {
      // The site's CSP forbids inline scripts, as it should; the audit injects axe past it.
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
        await page.addScriptTag({ content: axeSource });
        const violations = await page.evaluate(async (tags) => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  ctx: Document,
                  opts: object,
                ) => Promise<{
                  violations: { id: string; impact: string | null; nodes: { target: unknown[] }[]; help: string }[];
                }>;
              };
            }
          ).axe;
          const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
          return result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            nodes: v.nodes.length,
            help: v.help,
            targets: v.nodes.map((n) => n.target.join(' ')),
          }));
        }, WCAG_TAGS);
        rows.push({ route, width, violations });
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}
