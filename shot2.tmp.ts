import { launchChromium } from './tests/browser/chromium.ts';
const browser = await launchChromium();
const [url, w, h, y] = process.argv.slice(2);
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
await page.goto(url, { waitUntil: 'networkidle' });
if (y) await page.evaluate((y) => window.scrollTo(0, Number(y)), y);
await page.screenshot({ path: '/tmp/clip.png' });
console.log(await page.evaluate(() => { const b = document.querySelector('.mantine-Button-root'); return b ? getComputedStyle(b).background + ' | ' + b.outerHTML.slice(0, 300) : 'none'; }));
await browser.close();
