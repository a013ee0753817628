// The system tools the tests drive, from Debian's packages where missing: nginx first (the server
// tests start it, early in the unit project), then Chromium and Java (the browser tests, last).
// One after the other, since apt-get holds one lock. `npm test` runs this in the background.
import { ensureNginx } from './deploy/run-nginx.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { ensureJava } from './ensure-java.ts';

try {
  ensureNginx();
  ensureChromium();
  ensureJava();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
