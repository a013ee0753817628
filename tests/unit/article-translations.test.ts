// Articles' translations on the fixture site: blog/first-note.de.md translates the front matter's
// texts and the body, the other articles are left untranslated. Read, merged over the source
// (shared values from the source), rendered, their missing and outdated texts known per
// language, and every malformed file refused as other translations are.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadSite } from '../../scripts/content/load-site.ts';
import { siteFileKind, translationFile } from '../../scripts/content/compile-file.ts';
import { splitFrontMatter } from '../../scripts/content/front-matter.ts';
import { renderMarkdown } from '../../scripts/content/markdown.ts';
import { fingerprint, translatableTexts } from '../../scripts/content/translatable.ts';
import { fixtureSiteRoot as root } from '../fixtures/fixture-site.ts';

const read = (relative: string) => readFileSync(`${root}/site/${relative}`, 'utf8');
const statusOf = (result: Awaited<ReturnType<typeof loadSite>>, language: string, source: string) =>
  result.translations.find((s) => s.language === language && s.source === source)!;
const german = read('blog/first-note.de.md');
const errorsWith = async (text: string, file = 'blog/first-note.de.md') =>
  (await loadSite({ root, overrides: new Map([[file, text]]) })).errors.map((e) => `${e.file}:${e.line} ${e.path}`);

describe("an article's translation", () => {
  it('is named beside its article and is no article itself', () => {
    expect(siteFileKind('blog/first-note.de.md')).toBeUndefined();
    expect(translationFile('blog/first-note.de.md')).toEqual({ source: 'blog/first-note.md', language: 'de' });
    expect(translationFile('blog/first-note.pt-BR.md')).toEqual({ source: 'blog/first-note.md', language: 'pt-BR' });
    expect(siteFileKind('blog/first-note.md')).toBe('article');
  });

  it("gives the language's article its texts and body, and the source's shared values", async () => {
    const { model, errors } = await loadSite({ root });
    expect(errors).toEqual([]);
    const source = model!.articles.find((a) => a.slug === 'first-note')!;
    const translation = model!.translations.find((t) => t.language.code === 'de')!;
    const article = translation.articles.find((a) => a.slug === 'first-note')!;
    const entries = splitFrontMatter(german)!;
    expect(article.title).toBe(/title:\n {2}text: (.*)/.exec(entries.yaml)![1]);
    expect(article.excerpt).toBe(/excerpt:\n {2}text: (.*)/.exec(entries.yaml)![1]);
    expect(article.image.alt).not.toBe(source.image.alt);
    for (const shared of ['id', 'date', 'category', 'readTime', 'recommended', 'sidebar', 'path', 'author'] as const)
      expect(article[shared]).toEqual(source[shared]);
    expect(article.image.src).toBe(source.image.src);
    expect(article.html).toBe(renderMarkdown(entries.body).html);
    expect(article.bodyLanguage).toBeUndefined();
    // The author's name is not translated: it shows the source's, as a fallback.
    expect(translation.fallbacks['blog/first-note.md']).toEqual([source.author]);
    expect(translation.articles.map((a) => a.slug)).toEqual(model!.articles.map((a) => a.slug));
  });

  it("shows an untranslated article's texts and body in the source language, marked as such", async () => {
    const { model } = await loadSite({ root });
    const own = model!.settings.languages![0].code;
    for (const translation of model!.translations)
      for (const article of translation.articles) {
        if (translation.language.code === 'de' && article.slug === 'first-note') continue;
        const source = model!.articles.find((a) => a.slug === article.slug)!;
        const frontMatter = parse(splitFrontMatter(read(`blog/${article.slug}.md`))!.yaml) as unknown;
        const texts = translatableTexts('article', frontMatter).map((t) => t.text);
        expect(article).toEqual({ ...source, bodyLanguage: own, sourceTexts: texts });
        expect(translation.fallbacks[`blog/${article.slug}.md`]).toEqual(texts);
      }
  });

  it('lists per language what is missing, the body among them', async () => {
    const result = await loadSite({ root });
    const source = read('blog/first-note.md');
    const body = splitFrontMatter(source)!.body;
    expect(statusOf(result, 'de', 'blog/first-note.md').missing.map((f) => f.path)).toEqual(['author']);
    const urdu = statusOf(result, 'ur', 'blog/first-note.md');
    expect(urdu.missing.at(-1)).toEqual({ path: 'body', text: body, from: fingerprint(body) });
    expect(statusOf(result, 'de', 'blog/second-note.md').missing.map((f) => f.path)).toContain('body');
  });

  it('marks exactly the body outdated when the source body changes, and still shows the translation', async () => {
    const source = read('blog/first-note.md');
    const edited = source.replace('A quotation, so quotes render.', 'A quotation, so that quotes render.');
    expect(edited).not.toBe(source);
    const result = await loadSite({ root, overrides: new Map([['blog/first-note.md', edited]]) });
    expect(result.errors).toEqual([]);
    const status = statusOf(result, 'de', 'blog/first-note.md');
    expect(status.outdated.map((f) => f.path)).toEqual(['body']);
    expect(status.outdated[0].from).toBe(fingerprint(splitFrontMatter(edited)!.body));
    expect(status.missing.map((f) => f.path)).toEqual(['author']);
    const article = result.model!.translations[0].articles.find((a) => a.slug === 'first-note')!;
    expect(article.html).toBe(renderMarkdown(splitFrontMatter(german)!.body).html);
    expect(article.bodyLanguage).toBeUndefined();
  });

  it('falls back to the source body when the translation has none', async () => {
    const withoutBody = german.replace(/^body:\n {2}from: \w+\n/m, '').replace(/\n---\n[\s\S]*$/, '\n---\n');
    expect(withoutBody).not.toContain('body:');
    const result = await loadSite({ root, overrides: new Map([['blog/first-note.de.md', withoutBody]]) });
    expect(result.errors).toEqual([]);
    expect(statusOf(result, 'de', 'blog/first-note.md').missing.map((f) => f.path)).toEqual(['author', 'body']);
    const article = result.model!.translations[0].articles.find((a) => a.slug === 'first-note')!;
    const source = result.model!.articles.find((a) => a.slug === 'first-note')!;
    expect(article.html).toBe(source.html);
    expect(article.bodyLanguage).toBe('en');
    expect(article.title).not.toBe(source.title);
  });

  it('refuses a malformed translation, each at its place', async () => {
    // An entry's mistake is shown where its value starts, the line after its name.
    const bodyLine = german.split('\n').indexOf('  from: onkfghod') + 1;
    expect(await errorsWith(german.replace(/^---\n/, ''))).toEqual(['site/blog/first-note.de.md:1 ']);
    expect(await errorsWith(german.replace('  from: onkfghod', '  from: onkfghod\n  text: Körper'))).toEqual([
      `site/blog/first-note.de.md:${bodyLine} body`,
    ]);
    expect(await errorsWith(german.replace('  from: onkfghod', '  from: 1234'))).toEqual([
      `site/blog/first-note.de.md:${bodyLine} body`,
    ]);
    expect(await errorsWith(german.replace(/\n---\n[\s\S]*$/, '\n---\n'))).toEqual([
      `site/blog/first-note.de.md:${bodyLine} body`,
    ]);
    // A body with no "from" is named at the start of the texts.
    const first = german.split('\n').indexOf('title:') + 1;
    expect(await errorsWith(german.replace(/^body:\n {2}from: \w+\n/m, ''))).toEqual([
      `site/blog/first-note.de.md:${first} `,
    ]);
    expect(await errorsWith(german.replace(/^(title:\n {2}text: ).*$/m, '$1"Zwei\\nZeilen"'))).toEqual([
      `site/blog/first-note.de.md:${first + 1} title`,
    ]);
    expect(await errorsWith(german, 'blog/first-note.fr.md')).toEqual(['site/blog/first-note.fr.md:1 ']);
  });

  it("checks the translated body's links and pictures as the source's", async () => {
    const broken = german.replace('(/offer)', '(/angebot)').replace('- ein Listenpunkt', '![Bild](/images/none.svg)');
    const lines = broken.split('\n');
    const at = (words: string) => lines.findIndex((line) => line.includes(words)) + 1;
    expect(await errorsWith(broken)).toEqual([
      `site/blog/first-note.de.md:${at('/angebot')} `,
      `site/blog/first-note.de.md:${at('/images/none.svg')} `,
    ]);
  });

  it('warns of a translation whose article is gone', async () => {
    const result = await loadSite({ root, overrides: new Map([['blog/no-such-note.de.md', german]]) });
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.file)).toContain('site/blog/no-such-note.de.md');
  });
});
