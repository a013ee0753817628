// Lighthouse in Debian's Chromium, mobile (default throttling) and desktop, one route at a time:
// the four category scores, LCP/TBT/CLS, and the JavaScript and CSS bytes transferred.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
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
  jsBytes: number;
  cssBytes: number;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

export async function runLighthouse(baseUrl: string, routes: string[], onRow: (row: LighthouseRow) => void): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS.filter((flag) => flag !== '--headless').concat('--headless=new') });
  const rows: LighthouseRow[] = [];
  try {
    for (const route of routes) {
      for (const form of ['mobile', 'desktop'] as const) {
        // A run that Lighthouse itself could not complete (a "runtimeError", no score) is tried
        // again, up to three times, rather than reported as a zero.
        let lhr;
        for (let attempt = 1; attempt <= 3; attempt++) {
          const result = await lighthouse(
            baseUrl + route,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
            form === 'desktop' ? desktopConfig : undefined,
          );
          lhr = result!.lhr;
          if (!lhr.runtimeError && lhr.categories.performance?.score !== null) break;
          console.warn(`  ${route} ${form}: Lighthouse could not measure (${lhr.runtimeError?.code ?? 'no score'}), attempt ${attempt}`);
        }
        if (!lhr) continue;
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []);
        const bytes = (type: string) => items.filter((i) => i.resourceType === type).reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
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
          jsBytes: bytes('Script'),
          cssBytes: bytes('Stylesheet'),
        };
        rows.push(row);
        onRow(row);
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
