import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/browser/chromium.ts';
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS.filter((f) => f !== '--headless').concat('--headless=new') });
const r = await lighthouse('http://127.0.0.1:3111' + (process.argv[2] ?? '/'), { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
const a = r!.lhr.audits;
for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'interactive', 'render-blocking-resources', 'bootup-time', 'mainthread-work-breakdown', 'largest-contentful-paint-element', 'long-tasks', 'network-rtt', 'critical-request-chains'])
  console.log(id, a[id]?.displayValue, JSON.stringify((a[id]?.details as any)?.items?.slice(0, 8))?.slice(0, 900));
chrome.kill();
