// The small files beside the pages: sitemap.xml, robots.txt, the images (publish-images.ts), and _site.json, the
// manifest the server reads (routes, redirects and form definitions; never served publicly).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteModel } from '../content/model.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { siteFiles } from '../../shared/confined-files.ts';
import { publishImages } from './publish-images.ts';
import { extraListingPaths } from './listing-pages.ts';
import { languageSites } from './language-sites.ts';
import { alternatesOf } from '../../shared/languages.ts';
import { encodeXML } from 'entities';

/** Every address of the site's pages: each language's pages and listings, then the articles in each language. */
function pagePaths(sites: SiteModel[]): string[] {
  const pages = (site: SiteModel) => [...site.pages.map((p) => p.path), ...extraListingPaths(site)];
  return [...sites.flatMap(pages), ...sites.flatMap((site) => site.articles.map((a) => a.path))];
}

export function manifest(model: SiteModel): SiteManifest {
  const sites = languageSites(model);
  return {
    routes: pagePaths(sites),
    redirects: sites.flatMap((site) => site.redirects),
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

/** The sitemap: every page and article in every language, each naming its translations (hreflang), articles with their dates. */
export function sitemap(model: SiteModel): string {
  const { url, languages } = model.settings;
  const absolute = (path: string) => encodeXML(`${url}${path}`);
  const alternates = (path: string) => {
    const all = alternatesOf(languages, path);
    if (!all.length) return '';
    const link = (hreflang: string, to: string) =>
      `<xhtml:link rel="alternate" hreflang="${encodeXML(hreflang)}" href="${absolute(to)}"/>`;
    return [...all.map(({ code, path: to }) => link(code, to)), link('x-default', path)].join('');
  };
  const entry = (loc: string, more: string) => `  <url><loc>${absolute(loc)}</loc>${more}</url>`;
  const inEveryLanguage = (path: string, more = '') => {
    const translated = alternatesOf(languages, path).map((alternate) => alternate.path);
    return (translated.length ? translated : [path]).map((loc) => entry(loc, `${more}${alternates(path)}`));
  };
  const urls = [
    ...[...model.pages.map((p) => p.path), ...extraListingPaths(model)].flatMap((path) => inEveryLanguage(path)),
    ...model.articles.flatMap((a) => inEveryLanguage(a.path, `<lastmod>${encodeXML(a.date)}</lastmod>`)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Writes the files beside the pages; returns the manifest written. */
export async function writeSiteFiles(model: SiteModel, root: string, outDir: string): Promise<SiteManifest> {
  // Real files only: a link in site/images (to /etc/passwd, say) stops the build, naming the file.
  // Only the images validation accepted, SVGs sanitised (publish-images.ts).
  await publishImages(siteFiles(root), model.images, outDir);
  await writeFile(path.join(outDir, 'sitemap.xml'), sitemap(model));
  await writeFile(
    path.join(outDir, 'robots.txt'),
    `User-agent: *\nAllow: /\n\nSitemap: ${model.settings.url}/sitemap.xml\n`,
  );
  const written = manifest(model);
  await writeFile(path.join(outDir, '_site.json'), JSON.stringify(written, null, 2));
  return written;
}
