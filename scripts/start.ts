// `npm start`: builds when dist/ is missing or older than the sources, then serves it.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildSite } from './build.ts';

const root = path.join(import.meta.dirname, '..');
const sources = ['site', 'src', 'schema', 'scripts', 'index.html', 'vite.config.ts', 'package-lock.json'];

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
    await buildSite({ root });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
await import('../server/main.ts');
