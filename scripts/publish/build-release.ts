// The child process of a publish: validates a content root and builds it into the given folder,
// telling its parent each step over the IPC channel. Run apart from the server so the build's
// memory is freed when it ends and a crash (or kill -9) of the build cannot take the server down.
// Arguments: CONTENT_ROOT OUT_DIR (absolute paths).
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { formatError } from '../content/errors.ts';
import { loadSite } from '../content/load-site.ts';
import type { ChildMessage } from './steps.ts';

const projectRoot = path.join(import.meta.dirname, '..', '..');
const [contentRoot, outDir] = process.argv.slice(2);

// The publish that started this build is gone (killed, even with kill -9): nothing will use the
// folder, so the build stops rather than spend the machine on it; the next publish removes it.
process.on('disconnect', () => process.exit(1));

const tell = (message: ChildMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

try {
  await tell({ step: 'validating' });
  const result = await loadSite({ root: contentRoot });
  if (result.errors.length) {
    await tell({ failed: 'validation', messages: result.errors.map(formatError) });
    process.exit(1);
  }
  const { pages, articles } = result.stats;
  await tell({ step: 'building', detail: `${pages} pages and ${articles} articles` });
  // build.ts sets NODE_ENV=production as it is imported: only this process is affected.
  const { buildSite } = await import('../build.ts');
  const built = await buildSite({ root: projectRoot, contentRoot, outDir, quiet: true });
  await tell({ step: 'built', detail: `${built.pages} pages rendered in ${built.seconds.toFixed(1)} s` });
  // The prerender bundle of this one-off output folder (.cache/ssr-<folder>-<hash>) is not reused.
  const cache = path.join(projectRoot, '.cache');
  for (const name of await readdir(cache).catch(() => [])) {
    if (name.startsWith(`ssr-${path.basename(outDir)}-`)) await rm(path.join(cache, name), { recursive: true });
  }
  process.exit(0);
} catch (error) {
  await tell({ failed: 'build', messages: String((error as Error).message ?? error).split('\n') });
  process.exit(1);
}
