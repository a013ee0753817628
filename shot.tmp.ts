import { launchChromium } from './tests/browser/chromium.ts';
const browser = await launchChromium();
const [base, ...paths] = process.argv.slice(2);
for (const spec of paths) {
  const [p, w] = spec.split('@');
  const page = await browser.newPage({ viewport: { width: Number(w ?? 1280), height: 900 } });
  page.on('console', (m) => console.log(p, m.type(), m.text()));
  page.on('pageerror', (e) => console.log(p, 'pageerror', e.message));
  await page.goto(base + p, { waitUntil: 'networkidle' });
  const name = `/tmp/shot-${p.replace(/\W+/g, '_')}-${w ?? 1280}.png`;
  await page.screenshot({ path: name, fullPage: true });
  console.log('saved', name);
}
await browser.close();
