// The fixture site in its languages, as a visitor's browser has it from the server: the switcher
// keeps the page; a translated form hydrates in its language and sends the lead marked with it; a
// right-to-left page is mirrored; each language has its own not-found page, redirects and feeds.
// Texts and addresses come from the fixture's model, never written here a second time.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site.ts';
import type { SiteModel } from '../../scripts/content/model.ts';
import { feedPathsIn } from '../../scripts/site-build/feed.ts';
import { languageSites } from '../../scripts/site-build/language-sites.ts';
import { LANGUAGE_FIELD } from '../../shared/lead-protocol.ts';
import { languagePath } from '../../shared/languages.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { openPage, startHarness, type Harness } from './harness.ts';

let h: Harness;
let sites: SiteModel[];
const formPage = '/contact';

beforeAll(async () => {
  h = await startHarness();
  sites = languageSites((await loadSite({ root: fixtureSiteRoot })).model!);
});
afterAll(() => h?.close());

/** The language the fixture translates its form into. */
const translatedForm = () => {
  const [source, ...others] = sites;
  const site = others.find((s) => s.forms[0].fields[0].label !== source.forms[0].fields[0].label)!;
  return { site, code: site.language!.code, form: site.forms.find((f) => f.id === source.forms[0].id)! };
};

it('switches to the same page in another language, whose form hydrates and sends its lead in that language', async () => {
  const { page, log } = await openPage(h.browser);
  const { site, code, form } = translatedForm();
  await page.goto(h.baseUrl + formPage);
  await page.getByRole('link', { name: site.language!.name, exact: true }).click();
  await page.waitForURL(h.baseUrl + languagePath(code, formPage));
  expect(await page.locator('html').getAttribute('lang')).toBe(code);
  const current = page.locator('a[aria-current="true"][hreflang]');
  expect(await current.getAttribute('lang')).toBe(code);

  const [first, second] = form.fields;
  await page.getByLabel(first.label).fill('Asha Rao');
  await expect.poll(() => page.locator('[data-island]').getAttribute('data-island-state')).toBe('hydrated');
  // Hydrated from the page's own shell: the labels are still the translation's.
  await expect.poll(() => page.getByLabel(second.label).count()).toBe(1);
  const sent = page.waitForRequest((request) => request.method() === 'POST');
  await page.route(form.endpoint, (route) => route.fulfill({ status: 200, json: { ok: true } }));
  await page.getByLabel(second.label).fill('asha@example.com');
  for (const field of form.fields.filter((f) => f.required && f.kind === 'text').slice(1))
    await page.getByLabel(field.label).fill('Acme');
  await page.getByRole('button', { name: form.submitLabel }).click();
  expect((await sent).postDataJSON()).toMatchObject({ [LANGUAGE_FIELD]: code, name: 'Asha Rao' });
  await expect.poll(() => page.getByText(form.successMessage).isVisible()).toBe(true);
  expect(log.errors).toEqual([]);
  await page.close();
});

it('lays a right-to-left language out mirrored: the menu button sits at the left on a phone', async () => {
  const rtl = sites.find((site) => site.language?.direction === 'rtl')!;
  const { page } = await openPage(h.browser, { width: 390, height: 800 });
  await page.goto(h.baseUrl + languagePath(rtl.language!.code, '/'));
  expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
  const menu = await page.locator('[data-menu-toggle]').boundingBox();
  expect(menu!.x + menu!.width).toBeLessThan(390 / 2);
  await page.close();
});

it("answers each language's missing address with its own not-found page, and keeps its redirects and feeds in it", async () => {
  for (const site of sites.slice(1)) {
    const code = site.language!.code;
    const missing = await fetch(`${h.baseUrl}/${code}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(new RegExp(`<html lang="${code}" dir="${site.language!.direction ?? 'ltr'}"`));
    const [redirect] = site.redirects;
    const moved = await fetch(h.baseUrl + redirect.from, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([301, redirect.to]);
    for (const feed of Object.values(feedPathsIn(site))) {
      const answer = await fetch(h.baseUrl + feed);
      expect(answer.status, feed).toBe(200);
      expect(await answer.text()).toContain(`${site.settings.url}${feed}`);
    }
  }
});

it("reads out a translated page's own parts in its language: skip link, language choice, menu button", async () => {
  const [source, ...others] = sites;
  const site = others.find((s) => s.settings.siteWords.openMenu !== source.settings.siteWords.openMenu)!;
  const words = site.settings.siteWords;
  const { page, log } = await openPage(h.browser, { width: 390, height: 844 });
  await page.goto(h.baseUrl + languagePath(site.language!.code, '/'));
  expect(await page.getByRole('link', { name: words.skipToContent, exact: true }).count()).toBe(1);
  expect(await page.getByRole('navigation', { name: words.languageMenu, exact: true }).count()).toBe(1);
  await page.getByRole('button', { name: words.openMenu, exact: true }).click();
  const close = page.getByRole('button', { name: words.closeMenu, exact: true });
  expect(await close.getAttribute('aria-expanded')).toBe('true');
  await close.click();
  expect(await page.getByRole('button', { name: words.openMenu, exact: true }).getAttribute('aria-expanded')).toBe(
    'false',
  );
  expect(log.errors).toEqual([]);
  await page.close();
});

it('switches from an article to the same article in another language, its body or the original marked', async () => {
  const [source, ...others] = sites;
  const site = others.find((s) => s.articles.some((article) => !article.bodyLanguage))!;
  const code = site.language!.code;
  const translated = site.articles.find((article) => !article.bodyLanguage)!;
  const untranslated = site.articles.find((article) => article.bodyLanguage)!;
  const original = source.articles.find((article) => article.slug === translated.slug)!;
  const { page, log } = await openPage(h.browser);
  await page.goto(h.baseUrl + original.path);
  await page.getByRole('link', { name: site.language!.name, exact: true }).click();
  await page.waitForURL(h.baseUrl + translated.path);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(translated.title);
  const body = page.locator('article [data-prose]');
  expect(await body.getAttribute('lang')).toBeNull();
  // Its links and its way back to the listing stay in the language.
  for (const href of await body.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
    expect(href!.startsWith(`/${code}/`), href!).toBe(true);
  const back = page.getByRole('link', { name: site.settings.siteWords.backToArticles, exact: true });
  expect(await back.getAttribute('href')).toBe(languagePath(code, '/resources/blogs'));

  await page.goto(h.baseUrl + untranslated.path);
  expect(await body.getAttribute('lang')).toBe(source.language!.code);
  const title = page.getByRole('heading', { level: 1 }).locator(`span[lang="${source.language!.code}"]`);
  expect(await title.textContent()).toBe(untranslated.title);
  expect(log.errors).toEqual([]);
  await page.close();
});
