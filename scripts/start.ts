// `npm start`: builds when dist/ is missing or older than the sources, then serves it, with the
// studio at /_studio/ for the editors in DATA_DIR/editors.json, in a process of its own
// (scripts/studio/studio-process.ts).
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { serve } from '../server/main.ts';
import { configFromEnv } from '../server/config.ts';
import { readEditors } from '../server/studio-access/editors.ts';
import { studioProcess } from './studio/studio-process.ts';

const root = path.join(import.meta.dirname, '..');
// A bad setting is reported by serve(), below, in its own words.
const dataDir = (() => {
  try {
    return configFromEnv().dataDir;
  } catch {
    return undefined;
  }
})();
// With editors, site/ is the studio's: what they save reaches visitors when a publisher publishes,
// never through a restart's build.
const editing = dataDir !== undefined && (await readEditors(dataDir)).length > 0;
const sources = [
  ...(editing ? [] : ['site']),
  ...['src', 'schema', 'scripts', 'index.html', 'vite.config.ts', 'package-lock.json'],
];

async function newestSource(): Promise<number> {
  let newest = 0;
  for (const source of sources) {
    const full = path.join(root, source);
    const info = await stat(full).catch(() => undefined);
    if (!info) continue;
    newest = Math.max(newest, info.mtimeMs);
    if (!info.isDirectory()) continue;
    for (const entry of await readdir(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
    }
  }
  return newest;
}

const built = await stat(path.join(root, 'dist', '_site.json')).catch(() => undefined);
if (!built || built.mtimeMs < (await newestSource())) {
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  try {
    // The builder (Vite, the image tools) is loaded only to build: the server never holds it.
    const { buildCheckout } = await import('./build.ts');
    await buildCheckout(root);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
// The studio, in its own process, edits this checkout's site/; visitors get the build.
await serve(studioProcess(root).addOn);
