// `npm run studio`: the live preview with the studio added (scripts/studio/). Prints one line, the
// studio's address; PORT and HOST as for `npm run dev`, loopback unless HOST is set.
import { startDev, projectRoot } from './dev.ts';
import { studioPath } from '../shared/studio-protocol.ts';
import { studioPlugin } from './studio/plugin.ts';

const host = process.env.HOST;
if (host && !['localhost', '127.0.0.1', '::1'].includes(host))
  console.warn(
    `Warning: HOST=${host} lets other machines on your network open the studio, and the studio changes the files in site/. Use it only on a network you trust, and unset HOST when you are done.`,
  );
const server = await startDev({ plugins: [studioPlugin({ root: process.env.SITE_ROOT ?? projectRoot })], quiet: true });
const address = server.httpServer?.address();
const port = address && typeof address === 'object' ? address.port : Number(process.env.PORT ?? 5173);
console.log(`Studio: http://localhost:${port}${studioPath}`);
