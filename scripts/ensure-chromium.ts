// Browser tests drive Debian's Chromium, installed from Debian's packages when missing (see
// debian-packages.ts). Never downloads a browser build of its own.
import { ensureDebianPackages } from './debian-packages.ts';

export function ensureChromium(path = process.env.CHROME_PATH || '/usr/bin/chromium'): void {
  ensureDebianPackages(
    'Chromium',
    [path],
    ['chromium', 'fonts-dejavu-core'],
    '  (or set CHROME_PATH to a Chromium binary)',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureChromium();
    console.log('Chromium is available.');
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
