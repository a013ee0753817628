// Translating an article in the studio, on the server where every save is a commit: the real
// studio API on a copy of the fixture site in its own git repository. The article's texts and its
// body side by side with their states, its progress per language in the content list, saving
// one language's file (the front matter's lines the edit needs, the body replaced, one commit),
// a new language's file, and an outdated body after an edit of the original's.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SaveCommits } from '../../scripts/studio/commit-save.ts';
import { splitFrontMatter } from '../../scripts/content/front-matter.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { fingerprint } from '../../scripts/content/translatable.ts';
import type { TranslationLanguages, TranslationSave, TranslationView } from '../../shared/translation-protocol.ts';
import { fixtureRepo, type FixtureRepo } from '../fixtures/fixture-repo.ts';
import { studioApiApp, type TestApi } from '../fixtures/studio-api.ts';
import { openTranslation, saveTranslation } from '../fixtures/translation-api.ts';

const ann = 'ann.lee@example.com';
const bob = 'bob@example.org';
const article = 'blog/first-note.md';
const german = 'blog/first-note.de.md';
let root: string;
let server: TestApi;

let repo: FixtureRepo;
const git = (...args: string[]) => repo.git(...args);
const onDisk = (file: string) => readFile(path.join(root, 'site', file), 'utf8');
const field = (opened: TranslationView, at: string) => opened.fields.find((f) => f.path === at)!;

const view = (file: string, language: string) => openTranslation(server, file, language, ann);
const save = (file: string, language: string, opened: TranslationView, change: Partial<TranslationSave>) =>
  saveTranslation(server, file, language, opened, change, ann);

beforeAll(async () => {
  repo = await fixtureRepo('studio-article-translations');
  root = repo.root;
  server = await studioApiApp({ root, commits: new SaveCommits(root) });
}, 120_000);
afterAll(async () => {
  await server?.app.close();
  await repo?.remove();
});
beforeEach(() => repo.reset());

describe("an article's translation in the studio", () => {
  it('shows its texts and its body side by side, and how far it is in each language, in the list too', async () => {
    const { translations } = await loadSite({ root });
    const statusOf = (code: string) => translations.find((s) => s.language === code && s.source === article)!;
    const languages = (await server.ask(`GET /translation/languages?file=${article}`, { editor: ann }))
      .body as TranslationLanguages;
    expect(languages.languages.map(({ code, missing, outdated }) => [code, missing, outdated])).toEqual(
      ['de', 'ur'].map((code) => [code, statusOf(code).missing.length, statusOf(code).outdated.length]),
    );
    const listed = (await server.ask('GET /entries')).body as {
      file: string;
      translations?: { language: string; missing: number }[];
    }[];
    expect(listed.find((entry) => entry.file === article)!.translations!.map((t) => t.missing)).toEqual(
      languages.languages.map((l) => l.missing),
    );

    const opened = await view(article, 'de');
    const parts = splitFrontMatter(await onDisk(article))!;
    expect(field(opened, 'body')).toMatchObject({
      long: true,
      source: parts.body,
      state: 'translated',
      translation: splitFrontMatter(await onDisk(german))!.body,
    });
    expect(field(opened, 'title')).toMatchObject({ field: 'Title', state: 'translated' });
    expect(field(opened, 'author').state).toBe('missing');
    // No field is named by its key or its path.
    for (const { field: name } of opened.fields) expect(name).not.toMatch(/\.\d|[a-z][A-Z]|^body$/);
  });

  it('saves the front matter line by line and the body whole, in that language only, as one commit', async () => {
    const opened = await view(article, 'de');
    const before = await onDisk(german);
    const body = '## Neu\n\nEin neuer Text, mit [dem Angebot](/offer).\n';
    const answer = await save(article, 'de', opened, {
      texts: [
        { path: 'title', text: 'Erste Notiz' },
        { path: 'body', text: body },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await onDisk(german);
    const [old, now] = [splitFrontMatter(before)!, splitFrontMatter(after)!];
    expect(now.body).toBe(body);
    const lines = (text: string) => text.split('\n');
    expect(lines(now.yaml).filter((line) => !lines(old.yaml).includes(line))).toEqual(['  text: Erste Notiz']);
    expect(lines(old.yaml).filter((line) => !lines(now.yaml).includes(line))).toEqual(['  text: Erste Fixture-Notiz']);
    expect(git('show', '--format=', '--name-only', 'HEAD')).toBe(`site/${german}`);
    expect(git('show', '-s', '--format=%s')).toBe('First Fixture Note in Deutsch: Title, Text');
    expect(git('status', '--porcelain')).toBe('');
    const result = await loadSite({ root });
    expect(result.errors).toEqual([]);
    const translated = result.model!.translations.find((t) => t.language.code === 'de')!;
    expect(translated.articles.find((a) => a.slug === 'first-note')!.html).toContain('<h2>Neu</h2>');
  });

  it("makes a language's file with its body, which the compiler accepts", async () => {
    const opened = await view(article, 'ur');
    expect(opened.version).toBe('');
    const answer = await save(article, 'ur', opened, {
      texts: [
        { path: 'title', text: 'پہلا نوٹ' },
        { path: 'body', text: 'ایک ترجمہ شدہ متن۔' },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const written = await onDisk('blog/first-note.ur.md');
    const source = splitFrontMatter(await onDisk(article))!;
    expect(written).toBe(
      `---\ntitle:\n  text: پہلا نوٹ\n  from: ${fingerprint('First Fixture Note')}\nbody:\n  from: ${fingerprint(source.body)}\n---\nایک ترجمہ شدہ متن۔\n`,
    );
    const { errors, translations } = await loadSite({ root });
    expect(errors).toEqual([]);
    const status = translations.find((s) => s.language === 'ur' && s.source === article)!;
    expect(status.missing.map((f) => f.path)).not.toContain('body');
    expect(status.missing.map((f) => f.path)).not.toContain('title');
  });

  it('is named in the review by its article and its language, never by its file', async () => {
    await writeFile(path.join(root, 'site', german), `${await onDisk(german)}\nNoch ein Satz.\n`);
    const { files } = (await server.ask('GET /changes', { editor: ann })).body as { files: { title: string }[] };
    expect(files.map((f) => f.title)).toEqual(['First Fixture Note in Deutsch']);
  });

  it('marks the body outdated after the original text is edited, with the words it came from, and keeps it', async () => {
    const entry = (await server.ask(`GET /entry?file=${article}`)).body as { body: string } & Record<string, unknown>;
    const oldBody = entry.body;
    entry.body = oldBody.replace('A quotation, so quotes render.', 'A quotation, so that quotes render.');
    expect(entry.body).not.toBe(oldBody);
    const saved = await server.ask(`POST /save?file=${article}`, { editor: bob, body: entry });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const opened = await view(article, 'de');
    expect(opened.fields.filter((f) => f.state === 'outdated').map((f) => f.path)).toEqual(['body']);
    expect(field(opened, 'body')).toMatchObject({ source: entry.body, was: oldBody });
    const before = await onDisk(german);
    const answer = await save(article, 'de', opened, { keep: ['body'] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await onDisk(german);
    expect(after.replace(fingerprint(entry.body), fingerprint(oldBody))).toBe(before);
    expect(field(answer.body as TranslationView, 'body').state).toBe('translated');
  });
});
