// `npm run build`: validate site/, check the generated types, build the browser bundle, bundle the
// prerenderer, make the photos' copies, social cards and feeds, render every route into dist/,
// and precompress; then make the studio's bundle for the server (kept in the build cache). Stops at
// the first failing step with that step's own message.
process.env.NODE_ENV = 'production';

import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatError } from './content/errors.ts';
import { loadSite } from './content/load-site.ts';
import type { SiteModel } from './content/model.ts';
import { siteFiles } from '../shared/confined-files.ts';
import { cleanTemporaryFiles } from '../shared/confined-writes.ts';
import { precompress } from './site-build/precompress.ts';
import type { ViteManifest } from './site-build/preload-links.ts';
import { routeData, siteShell } from './site-build/model-to-routes.ts';
import { cardsIn, languageSites, untranslatedTexts } from './site-build/language-sites.ts';
import { inlineSmallImages } from './site-build/inline-image.ts';
import { writeSiteFiles } from './site-build/site-files.ts';
import { writeStaticHostFiles } from './deploy/static-host.ts';
import { feedPathsIn, writeFeeds } from './site-build/feed.ts';
import { headTags } from './site-build/head-tags.ts';
import { largestCopy, processImages } from './site-build/images.ts';
import { cacheKey, MediaCache, mediaCacheDir, mediaCacheLimit } from './site-build/media-cache.ts';
import { mediaLimiter } from './site-build/work-limiter.ts';
import { referencedImages } from './site-build/referenced-images.ts';
import type { PublishedCopies } from './site-build/feed.ts';
import { makeSocialCards } from './site-build/social-cards.ts';
import { structuredData } from './site-build/structured-data.ts';
import { authoringGuide } from './generate-docs.ts';
import { generateTypes } from './generate-types.ts';
import { BundleCache, buildCacheDir, buildCacheLimit } from './site-build/build-cache.ts';
import { siteBundles } from './site-build/bundles.ts';
import { cachedPrerender } from './site-build/cached-prerender.ts';
import { cleanSiteCommit } from './publish/git.ts';
import { buildRecordFile, type BuildRecord } from '../server/releases/store.ts';
import { studioBundle } from './studio/studio-bundle.ts';

export interface BuildOptions {
  /** The project: src/, schema/, index.html. */
  root?: string;
  /** The folder holding the site/ to build; default: the project's own. */
  contentRoot?: string;
  outDir?: string;
  quiet?: boolean;
  /** 'development' bundles React's development build, whose console catches hydration mismatches. */
  mode?: 'production' | 'development';
  /** The media cache folder (media-cache.ts); default MEDIA_CACHE_DIR, else .cache/media in the project. */
  mediaCache?: string;
  /** The build cache folder inside the project (build-cache.ts); default .cache/build. */
  buildCache?: string;
  /** The moment the site is built for (ms since the epoch): articles not yet live or expired then are left out. Default: now. */
  asOf?: number;
}

export async function buildSite(options: BuildOptions = {}) {
  const root = path.resolve(options.root ?? path.join(import.meta.dirname, '..'));
  const contentRoot = path.resolve(options.contentRoot ?? root);
  const outDir = path.resolve(root, options.outDir ?? 'dist');
  const log = options.quiet ? () => undefined : (message: string) => console.log(message);
  const started = performance.now();
  const startedAt = Date.now();

  const fresh = await generateTypes();
  if (fresh !== (await readFile(path.join(root, 'shared/generated/content.ts'), 'utf8').catch(() => ''))) {
    throw new Error(
      'shared/generated/content.ts is stale: the schema changed. Run `npm run types` and commit the result.',
    );
  }
  // The authoring guide follows the schema; the build keeps it current (npm test checks it first).
  const guide = authoringGuide();
  const guideFile = path.join(root, 'docs', 'authoring.md');
  if ((await readFile(guideFile, 'utf8').catch(() => '')) !== guide) await writeFile(guideFile, guide);
  // Leftovers of writes killed mid-way (hidden .tmp files of processes no longer running) go first.
  await cleanTemporaryFiles(siteFiles(contentRoot)).catch(() => undefined);
  const result = await loadSite({ root: contentRoot, asOf: options.asOf });
  if (!result.model)
    throw new Error(`site/ has ${result.errors.length} error(s):\n${result.errors.map(formatError).join('\n')}`);
  const model = result.model;
  log(`Content: ${result.stats.pages} pages, ${result.stats.articles} articles, ${result.stats.links} links checked.`);

  const mode = options.mode ?? 'production';
  const viteStarted = performance.now();
  const buildCache = buildCacheDir(root, options.buildCache);
  const bundleCache = new BundleCache(buildCache);
  const pageCacheLimit = buildCacheLimit();
  const bundles = await siteBundles(bundleCache, {
    root,
    contentRoot,
    outDir,
    mode,
    shell: siteShell(model),
    quiet: options.quiet,
  });
  log(
    `Bundles: ${bundleCache.stats.reused ? 'reused from the build cache' : 'built'}${bundleCache.stats.damaged ? ' (a damaged cache entry was built again)' : ''}.`,
  );
  // Vite's manifest maps each section component to its chunk; it is read here and not published.
  const viteManifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  await rm(path.join(outDir, '.vite'), { recursive: true });

  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  await rm(path.join(outDir, 'index.html'));
  const viteSeconds = (performance.now() - viteStarted) / 1000;
  // Photos, social cards and feeds: made at build only, once per content (the media cache).
  const mediaStarted = performance.now();
  // Settings read before any work, so a wrong one stops the build at once.
  const cacheLimit = mediaCacheLimit();
  const limiter = mediaLimiter();
  const cache = await MediaCache.open(mediaCacheDir(root, options.mediaCache));
  const media = { contentRoot, cache, limiter, outDir };
  const imageStats = { encoded: 0, cached: 0 };
  const cardStats = { drawn: 0, cached: 0 };
  // Only the photos pages use get copies: a file in site/images that nothing uses costs nothing.
  // Translated articles' bodies may show pictures of their own: every language's routes count.
  const sites = languageSites(model);
  const everyRoute = sites.flatMap((site) => [...routeData(site, () => undefined).values()]);
  const used = referencedImages([siteShell(model), everyRoute], model.images);
  const [variants, cards] = await Promise.all([
    processImages(
      media,
      model.images.filter((src) => used.has(src)),
      imageStats,
    ),
    makeSocialCards(model, media, cardStats),
  ]);
  const mediaSeconds = (performance.now() - mediaStarted) / 1000;
  log(
    `Media: ${imageStats.encoded} image copies encoded, ${imageStats.cached} from cache; ${cardStats.drawn} social cards drawn, ${cardStats.cached} from cache${cache.stats.damaged ? `; ${cache.stats.damaged} damaged cache entries made again` : ''} (${mediaSeconds.toFixed(2)} s, cache ${cache.dir}).`,
  );
  // Feeds and structured data link a photo's largest copy: the source itself is not published.
  const copies: PublishedCopies = new Map();
  for (const [src, copy] of variants) {
    const url = largestCopy(copy);
    copies.set(src, { url, bytes: (await stat(path.join(outDir, url))).size });
  }
  const linked = (site: SiteModel): SiteModel => ({
    ...site,
    articles: site.articles.map((a) => ({
      ...a,
      image: { ...a.image, src: copies.get(a.image.src)?.url ?? a.image.src },
    })),
  });

  const renderStarted = performance.now();
  const pageCache = await MediaCache.open(path.join(buildCache, 'pages'));
  const rendered: string[] = [];
  let reused = 0;
  const shipped = new Set<string>();
  const inline = inlineSmallImages(contentRoot);
  // The source's pages, then each language's at /<code>/…: each with its own shell and head tags.
  for (const site of sites) {
    const job = {
      outDir,
      template,
      shell: siteShell(site),
      ssrEntry: bundles.ssrEntry,
      viteManifest,
      headTags: headTags(site, cardsIn(site, cards), structuredData(linked(site), cardsIn(site, cards))),
      untranslatedTexts: untranslatedTexts(model, site),
    };
    const routes = routeData(site, inline, variants);
    // Everything every page's HTML depends on besides its own route and head tags (cached-prerender.ts).
    const base = cacheKey(
      'pages-v2',
      bundles.key,
      bundles.outputHash,
      JSON.stringify(job.shell),
      JSON.stringify(job.headTags.shared),
      JSON.stringify([...job.untranslatedTexts]),
    );
    const done = await cachedPrerender(job, routes, pageCache, base);
    rendered.push(...done.rendered);
    reused += done.reused;
    for (const src of referencedImages([job.shell, [...routes.values()]], model.images)) shipped.add(src);
    const feeds = await writeFeeds(site, contentRoot, copies);
    const where = feedPathsIn(site);
    await mkdir(path.dirname(path.join(outDir, where.rss)), { recursive: true });
    await writeFile(path.join(outDir, where.rss), feeds.rss);
    await writeFile(path.join(outDir, where.atom), feeds.atom);
  }
  const pages = rendered.length + reused;
  const renderSeconds = (performance.now() - renderStarted) / 1000;
  // dist/ ships the files of site/images that pages use as they are, and no other.
  const published = { ...model, images: model.images.filter((src) => shipped.has(src)) };
  await writeStaticHostFiles(outDir, await writeSiteFiles(published, contentRoot, outDir));
  const compressStarted = performance.now();
  const compressed = await precompress(outDir, pageCache);
  const compressSeconds = (performance.now() - compressStarted) / 1000;
  const pruned = await cache.prune(cacheLimit, startedAt);
  await pageCache.prune(pageCacheLimit, startedAt);
  await bundleCache.prune();
  const seconds = (performance.now() - started) / 1000;
  log(
    `Prerendered ${pages} pages in ${renderSeconds.toFixed(2)} s: ${rendered.length} rendered, ${reused} reused from the build cache${pageCache.stats.damaged ? ` (${pageCache.stats.damaged} damaged entries made again)` : ''}; ${compressed.files} files precompressed, ${compressed.cached} of them from the cache. Built dist/ in ${seconds.toFixed(1)} s.`,
  );
  return {
    pages,
    /** The pages and articles this build rendered; the others came from the build cache. */
    rendered,
    reused,
    bundlesReused: bundleCache.stats.reused > 0,
    compressed,
    seconds,
    viteSeconds,
    mediaSeconds,
    renderSeconds,
    compressSeconds,
    imageStats,
    cardStats,
    media: { ...cache.stats, dir: cache.dir, cacheBytes: pruned.bytes, pruned: pruned.removed },
    published: published.images,
    /** When the site next changes by itself: the articles' go-live and expiry times after the build's moment. */
    articleTimes: result.articleTimes,
  };
}

/**
 * Builds the checkout's site/ into its dist/ (`npm run build`, and `npm start` when dist/ is stale)
 * and records beside it the commit it was built from (dist/_build.json). The commit is recorded
 * only when site/ held exactly that commit before and after the build: a build of edits not yet
 * committed (or made while it ran) names no commit rather than a wrong one.
 */
export async function buildCheckout(root = path.join(import.meta.dirname, '..')) {
  const before = await cleanSiteCommit(root);
  const built = await buildSite({ root });
  const commit = before && (await cleanSiteCommit(root)) === before ? before : '';
  const record: BuildRecord = { commit, at: new Date().toISOString() };
  await writeFile(path.join(root, 'dist', buildRecordFile), `${JSON.stringify(record, null, 2)}\n`);
  return built;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await buildCheckout();
    // The studio on the server's own bundle, ready before `npm start` needs it (studio-bundle.ts).
    const started = performance.now();
    await studioBundle(path.join(import.meta.dirname, '..'), { quiet: true });
    console.log(`Studio: bundle ready in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
