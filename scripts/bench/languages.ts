// The site in other languages, for the budgets: a copy of the project whose site/ is translated
// into a left-to-right and a right-to-left language by pseudo-translation (every text with its
// vowels accented, so each is a translation that still fits the schema's lengths), unless site.yaml
// already declares languages, whose own translations are then measured. The budgets are judged on each language's
// pages as on the source's.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { buildSite } from '../build.ts';
import { fingerprint, translatableTexts } from '../content/translatable.ts';
import { siteFileKind, translationFileName } from '../content/compile-file.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { languagePath } from '../../shared/languages.ts';
import { tempProject } from './temp-project.ts';
import { runAxe } from './axe.ts';
import type { LighthouseForm } from './lighthouse.ts';
import { runScriptBudgets } from './script-budgets.ts';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';

/** The languages declared when the site declares none: one of each direction. */
const pseudoLanguages = [
  { code: 'de', name: 'Deutsch (pseudo)', direction: 'ltr' },
  { code: 'ur', name: 'اردو (pseudo)', direction: 'rtl' },
] as const;

const accents: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', A: 'Ä', E: 'É', O: 'Ö', U: 'Ü' };

/** A text as a pseudo-translation: its vowels accented, as long as the original. */
const pseudo = (text: string) => text.replace(/[aeiouAEOU]/g, (letter) => accents[letter]);

/** Every YAML file of site/ that has translatable texts, with its kind, relative to site/. */
async function translatableFiles(dir: string): Promise<{ file: string; kind: string }[]> {
  const site = path.join(dir, 'site');
  const names = (await readdir(site, { recursive: true })).map((name) => name.split(path.sep).join('/'));
  return names.flatMap((file) => {
    const kind = siteFileKind(file);
    return kind === 'page' || kind === 'form' || kind === 'settings' ? [{ file, kind }] : [];
  });
}

/** A copy of the project translated into two pseudo-languages, built; its routes in each language. */
export async function translatedProject(): Promise<{ dir: string; routes: Map<string, string[]> }> {
  const dir = await tempProject();
  const settingsFile = path.join(dir, 'site', 'site.yaml');
  const settings = parseDocument(await readFile(settingsFile, 'utf8'));
  if (!settings.has('languages')) {
    settings.set('languages', [{ code: 'en', name: 'English' }, ...pseudoLanguages]);
    await writeFile(settingsFile, settings.toString());
    for (const { file, kind } of await translatableFiles(dir)) {
      const data = parseDocument(await readFile(path.join(dir, 'site', file), 'utf8')).toJS() as unknown;
      const entries = Object.fromEntries(
        translatableTexts(kind, data).map(({ path: at, text }) => [
          at,
          { text: pseudo(text), from: fingerprint(text) },
        ]),
      );
      for (const { code } of pseudoLanguages)
        await writeFile(path.join(dir, 'site', translationFileName(file, code)), stringify(entries));
    }
  }
  await buildSite({ root: dir, quiet: true });
  const manifest = JSON.parse(await readFile(path.join(dir, 'dist', '_site.json'), 'utf8')) as SiteManifest;
  const codes = (manifest.site.languages ?? []).slice(1).map((language) => language.code);
  const routes = new Map(
    codes.map((code) => [
      code,
      manifest.routes.filter((route) => route === languagePath(code, '/') || route.startsWith(`/${code}/`)),
    ]),
  );
  return { dir, routes };
}

/**
 * axe and the script budgets on each language's pages of the translated copy: all of them, or each
 * language's version of `pages` (the site's own addresses). Each language's home page is held to
 * the home page's budget.
 */
export async function measureLanguages(options: {
  pages?: string[];
  runs: number;
  forms?: readonly LighthouseForm[];
  table: (title: string, header: string[], rows: (string | number)[][]) => void;
}) {
  const { pages, runs, forms, table } = options;
  const { dir, routes: byLanguage } = await translatedProject();
  const routes = [...byLanguage].flatMap(([code, list]) =>
    pages ? pages.map((route) => languagePath(code, route)).filter((route) => list.includes(route)) : list,
  );
  const app = await buildApp({ config: { ...configFromEnv(process.env, dir), rateLimit: 0 } });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const axe = await runAxe(baseUrl, routes);
    table(
      'axe-core, WCAG 2.2 AA, in each language',
      ['route', 'width', 'violations'],
      axe.map((r) => [r.route, r.width, r.violations.map((v) => `${v.id} (${v.nodes})`).join(', ') || 0]),
    );
    const homes = [...byLanguage.keys()].map((code) => languagePath(code, '/'));
    const measured = await runScriptBudgets({ baseUrl, routes, runs, forms, table, homes });
    return { axe, lighthouse: measured.lighthouse, verdicts: measured.verdicts, minutes: measured.minutes };
  } finally {
    await app.close();
  }
}
