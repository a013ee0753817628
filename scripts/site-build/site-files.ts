// The small files beside the pages: sitemap.xml, robots.txt, the feeds, the images (publish-images.ts), and _site.json, the
// manifest the server reads (routes, redirects and form definitions; never served publicly).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteModel } from '../content/model.ts';
import { FEEDS } from './feed.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { siteFiles } from '../../shared/confined-files.ts';
import { publishImages } from './publish-images.ts';
import { extraListingPaths } from './listing-pages.ts';

export function manifest(model: SiteModel): SiteManifest {
  return {
    routes: [...model.pages.map((p) => p.path), ...extraListingPaths(model), ...model.articles.map((a) => a.path)],
    redirects: model.redirects,
    forms: model.forms,
    site: {
      name: model.settings.name,
      url: model.settings.url,
      email: model.settings.contact.email,
      blockedSenders: model.settings.blockedSenders ?? [],
      ...(model.settings.languages && { languages: model.settings.languages }),
    },
    translations: model.translations.map(({ language, forms }) => ({ language: language.code, forms })),
  };
}

export function sitemap(model: SiteModel): string {
  const entry = (loc: string, lastmod?: string) =>
    `  <url><loc>${model.settings.url}${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const urls = [
    ...model.pages.map((p) => entry(p.path)),
    ...extraListingPaths(model).map((path) => entry(path)),
    ...model.articles.map((a) => entry(a.path, a.date)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

type Feeds = { rss: string; atom: string };

export async function writeSiteFiles(model: SiteModel, root: string, outDir: string, feeds: Feeds) {
  // Real files only: a link in site/images (to /etc/passwd, say) stops the build, naming the file.
  // Only the images validation accepted, SVGs sanitised (publish-images.ts).
  await publishImages(siteFiles(root), model.images, outDir);
  await writeFile(path.join(outDir, 'sitemap.xml'), sitemap(model));
  await writeFile(
    path.join(outDir, 'robots.txt'),
    `User-agent: *\nAllow: /\n\nSitemap: ${model.settings.url}/sitemap.xml\n`,
  );
  await writeFile(path.join(outDir, FEEDS.rss), feeds.rss);
  await writeFile(path.join(outDir, FEEDS.atom), feeds.atom);
  await writeFile(path.join(outDir, '_site.json'), JSON.stringify(manifest(model), null, 2));
}
