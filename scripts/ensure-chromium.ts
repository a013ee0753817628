// Browser tests drive Debian's Chromium. When it is missing, install it (as root, with apt-get);
// otherwise say exactly what to install. Never downloads a browser build of its own.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium(path = process.env.CHROME_PATH || '/usr/bin/chromium'): void {
  if (existsSync(path)) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    throw new Error(`Chromium is missing at ${path}. Install it with: sudo apt-get install -y chromium  (or set CHROME_PATH to a Chromium binary).`);
  }
  console.log('Chromium is missing: installing Debian\'s chromium package…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync(path)) throw new Error(`apt-get finished but ${path} is still missing.`);
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
