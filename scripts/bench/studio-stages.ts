// Where the studio's memory goes on the 1,000-article site (thousand-site.ts, not built): the
// studio's process as studio-child.ts runs it, weighed after a full collection at each stage —
// its code loaded, the saved site compiled (the model the cross-file checks use, with each file's
// parsed document kept by site-memo.ts), the preview's route data, one check of a one-word edit.
//   node --expose-gc scripts/bench/studio-stages.ts [--articles=1000]
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { thousandSite } from './thousand-site.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc.');
const weigh = (stage: string) => {
  gc();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
  console.log(`| ${stage} | ${mb(rss)} | ${mb(heapUsed)} | ${mb(external + arrayBuffers)} |`);
};

const articles = Number(process.argv.find((a) => a.startsWith('--articles='))?.slice(11) ?? 1000);
const site = await thousandSite({ articles });
try {
  console.log('| stage | resident | heap | outside the heap |\n| --- | --- | --- | --- |');
  weigh('Node, this script');
  await import('fastify');
  const { StudioState } = await import('../studio/studio-state.ts');
  await import('../studio/studio-routes.ts');
  await import('../studio/on-server.ts');
  weigh('the studio’s code loaded (compiler, routes, bundle tools)');
  const state = new StudioState(site.dir);
  const saved = await state.savedSite();
  weigh(`the saved site compiled (${articles} articles)`);
  await state.savedPreview();
  weigh('the preview’s route data of every page');
  const { judge } = await import('../studio/entries.ts');
  const file = path.relative(path.join(site.dir, 'site'), path.join(site.dir, site.articles[articles / 2]));
  const text = await readFile(path.join(site.dir, 'site', file), 'utf8');
  const verdict = await judge(site.dir, file, text.replace(/\bteam\b/, 'group'), saved);
  weigh('one check of a one-word edit, its model kept (a window’s preview)');
  if (verdict.result.model) state.setPreview('window-1', verdict.result.model);
  weigh('that check as one window’s preview');
  state.forgetSaved();
  await state.savedSite();
  weigh('the saved site compiled again after a save');
} finally {
  await site.remove();
}
