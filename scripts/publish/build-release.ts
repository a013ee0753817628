// The child process of a publish: validates a content root and builds it into the given folder,
// telling its parent each step over the IPC channel. Run apart from the server so the build's
// memory is freed when it ends and a crash (or kill -9) of the build cannot take the server down.
// Arguments: CONTENT_ROOT OUT_DIR (absolute paths), and AS_OF, the moment (ms since the epoch) the
// site is built for: a scheduled release is built ahead for its time.
import path from 'node:path';
import { formatError } from '../content/errors.ts';
import { loadSite } from '../content/load-site.ts';
import type { ChildMessage } from './steps.ts';

const projectRoot = path.join(import.meta.dirname, '..', '..');
const [contentRoot, outDir, asOfArgument] = process.argv.slice(2);
const asOf = asOfArgument ? Number(asOfArgument) : Date.now();

// The publish that started this build is gone (killed, even with kill -9): nothing will use the
// folder, so the build stops rather than spend the machine on it; the next publish removes it.
process.on('disconnect', () => process.exit(1));

const tell = (message: ChildMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

try {
  await tell({ step: 'validating' });
  const result = await loadSite({ root: contentRoot, asOf });
  if (result.errors.length) {
    await tell({ failed: 'validation', messages: result.errors.map(formatError) });
    process.exit(1);
  }
  const { pages, articles } = result.stats;
  await tell({ step: 'building', detail: `${pages} pages and ${articles} articles` });
  // build.ts sets NODE_ENV=production as it is imported: only this process is affected. The build
  // cache is the checkout's (.cache/build), shared with `npm run build`: a publish renders only the
  // pages the edits reach, into its own new folder.
  const { buildSite } = await import('../build.ts');
  const built = await buildSite({ root: projectRoot, contentRoot, outDir, quiet: true, asOf });
  await tell({ articleTimes: built.articleTimes.map(({ at, title, change }) => ({ at, title, change })) });
  await tell({
    step: 'built',
    detail: `${built.pages} pages in ${built.seconds.toFixed(1)} s, ${built.reused} of them unchanged and reused`,
  });
  process.exit(0);
} catch (error) {
  await tell({ failed: 'build', messages: String((error as Error).message ?? error).split('\n') });
  process.exit(1);
}
