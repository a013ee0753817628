// Translating in the studio, on the server where every save is a commit: the real studio API on a
// copy of the fixture site in its own git repository. The translation view's data (each text's
// state, its name as the editor names fields, what changed in an outdated one's original), saving
// one language's file (only the lines the edit needs, one commit by the editor), two translators
// saving two languages of one page at once, and every refusal.
import { readFile, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SaveCommits } from '../../scripts/studio/commit-save.ts';
import { fingerprint } from '../../scripts/content/translatable.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import type { TranslationLanguages, TranslationSave, TranslationView } from '../../shared/translation-protocol.ts';
import { composedSchemas, sectionTypes } from '../../scripts/content/schemas.ts';
import { Contract, labelOf } from '../../src/studio/schema.ts';
import { fixtureRepo, type FixtureRepo } from '../fixtures/fixture-repo.ts';
import { studioApiApp, type TestApi } from '../fixtures/studio-api.ts';
import { openTranslation, saveTranslation, translationQuery as q } from '../fixtures/translation-api.ts';

const ann = 'ann.lee@example.com';
const bob = 'bob@example.org';
const home = 'pages/home.yaml';
let root: string;
let server: TestApi;

let repo: FixtureRepo;
const git = (...args: string[]) => repo.git(...args);
const onDisk = (file: string) => readFile(path.join(root, 'site', file), 'utf8');
const view = (file: string, language: string) => openTranslation(server, file, language, ann);

/** A save as the translation view sends it, from the view as it was opened. */
function save(
  file: string,
  language: string,
  opened: TranslationView,
  change: Partial<Pick<TranslationSave, 'texts' | 'keep'>>,
  editor: string | undefined = ann,
) {
  return saveTranslation(server, file, language, opened, change, editor);
}

// The words the editor uses, from the schema: a section by its type's title, a field by its title.
const contract = new Contract(Object.fromEntries(composedSchemas()), sectionTypes());
const heroSchema = contract.section('hero')!.schema;
const hero = {
  name: labelOf('hero', heroSchema),
  field: (key: string) => labelOf(key, contract.resolve(heroSchema.properties![key], 'sections.composed.json').schema),
};

const field = (opened: TranslationView, path: string) => opened.fields.find((f) => f.path === path)!;

/** Lines of `after` not in `before`, and lines of `before` not in `after`. */
function changedLines(before: string, after: string) {
  const [a, b] = [before.split('\n'), after.split('\n')];
  return { added: b.filter((line) => !a.includes(line)), removed: a.filter((line) => !b.includes(line)) };
}

beforeAll(async () => {
  repo = await fixtureRepo('studio-translations');
  root = repo.root;
  server = await studioApiApp({ root, commits: new SaveCommits(root) });
}, 120_000);
afterAll(async () => {
  await server?.app.close();
  await repo?.remove();
});
beforeEach(() => repo.reset());

describe('the translation view', () => {
  it('lists the languages with how far the entry is in each, the original language apart', async () => {
    const answer = await server.ask(`GET /translation/languages?file=${home}`, { editor: ann });
    const { source, languages } = answer.body as TranslationLanguages;
    expect(source).toEqual({ code: 'en', name: 'English', direction: 'ltr' });
    expect(languages.map(({ code, direction }) => [code, direction])).toEqual([
      ['de', 'ltr'],
      ['ur', 'rtl'],
    ]);
    expect(languages[0].outdated).toBe(1);
    // The same count the content list shows.
    const listed = (await server.ask('GET /entries')).body as { file: string; translations?: { missing: number }[] }[];
    expect(listed.find((e) => e.file === home)!.translations!.map((t) => t.missing)).toEqual(
      languages.map((l) => l.missing),
    );
  });

  it('shows each text of the original beside its translation, named as the editor names fields', async () => {
    const opened = await view(home, 'de');
    expect(opened.language).toEqual({ code: 'de', name: 'Deutsch', direction: 'ltr' });
    const title = field(opened, 'sections.0.title');
    expect(title).toMatchObject({
      section: hero.name,
      field: hero.field('title'),
      state: 'translated',
      translation: 'Jedes Feld. Eine Seite.',
    });
    // The fixture's badge was translated from words the history never had.
    expect(field(opened, 'sections.0.badge')).toMatchObject({ state: 'outdated', translation: 'Test-Abzeichen' });
    expect(field(opened, 'sections.0.badge').was).toBeUndefined();
    expect(opened.fields.filter((f) => f.state === 'missing').length).toBeGreaterThan(0);
    // No field is named by its key or its path.
    for (const { section, field: name } of opened.fields)
      expect(`${section ?? ''} ${name}`).not.toMatch(/\.\d|[a-z][A-Z]/);
  });

  it('marks exactly the translations whose original changed as outdated, with the words they came from', async () => {
    const before = await view(home, 'de');
    const translated = before.fields.filter((f) => f.state === 'translated').map((f) => f.path);
    expect(translated).toContain('sections.0.title');
    expect(translated).toContain('description');
    const entry = (await server.ask(`GET /entry?file=${home}`)).body as {
      version: string;
      data: Record<string, unknown> & { sections: Record<string, unknown>[] };
    };
    const oldTitle = entry.data.sections[0].title as string;
    entry.data.sections[0].title = 'Every field. Still One Page.';
    const saved = await server.ask(`POST /save?file=${home}`, { editor: bob, body: entry });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const after = await view(home, 'de');
    const nowOutdated = after.fields.filter((f) => f.state === 'outdated').map((f) => f.path);
    expect(nowOutdated.sort()).toEqual(['sections.0.badge', 'sections.0.title']);
    expect(field(after, 'sections.0.title')).toMatchObject({ source: 'Every field. Still One Page.', was: oldTitle });
    // Every other translation is as it was.
    for (const path of translated.filter((p) => p !== 'sections.0.title'))
      expect(field(after, path).state, path).toBe('translated');
  });
});

describe('saving a translation', () => {
  it('writes only the lines the edit needs, with the original’s fingerprint, as one commit by the editor', async () => {
    const opened = await view(home, 'de');
    const before = await onDisk('pages/home.de.yaml');
    const missing = opened.fields.find((f) => f.state === 'missing')!;
    const answer = await save(home, 'de', opened, {
      texts: [
        { path: 'sections.0.title', text: 'Jedes Feld, eine Seite.' },
        { path: missing.path, text: 'Neu übersetzt' },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await onDisk('pages/home.de.yaml');
    const lines = changedLines(before, after);
    expect(lines.removed).toEqual(['  text: Jedes Feld. Eine Seite.']);
    expect(lines.added).toEqual([
      '  text: Jedes Feld, eine Seite.',
      `${missing.path}:`,
      '  text: Neu übersetzt',
      `  from: ${fingerprint(missing.source)}`,
    ]);
    expect(field(answer.body as TranslationView, missing.path)).toMatchObject({ state: 'translated' });
    expect(git('show', '-s', '--format=%an <%ae>|%s')).toBe(
      `ann.lee <${ann}>|Start in Deutsch: ${hero.name} › ${hero.field('title')}, ${[missing.section, missing.field].filter(Boolean).join(' › ')}`,
    );
    expect(git('show', '--format=', '--name-only', 'HEAD')).toBe('site/pages/home.de.yaml');
    expect(git('status', '--porcelain')).toBe('');
  });

  it('keeps an outdated translation by changing only what it was translated from', async () => {
    const opened = await view(home, 'de');
    const badge = field(opened, 'sections.0.badge');
    const before = await onDisk('pages/home.de.yaml');
    const answer = await save(home, 'de', opened, { keep: ['sections.0.badge'] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const lines = changedLines(before, await onDisk('pages/home.de.yaml'));
    expect(lines.added).toEqual([`  from: ${fingerprint(badge.source)}`]);
    expect(lines.removed).toHaveLength(1);
    expect(field(answer.body as TranslationView, 'sections.0.badge')).toMatchObject({
      state: 'translated',
      translation: 'Test-Abzeichen',
    });
  });

  it('makes the file of a language not translated yet, which the compiler accepts', async () => {
    const contact = 'pages/contact.yaml';
    const opened = await view(contact, 'ur');
    expect(opened.version).toBe('');
    const [first] = opened.fields;
    const answer = await save(contact, 'ur', opened, { texts: [{ path: first.path, text: 'ہم سے رابطہ کریں' }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(parse(await onDisk('pages/contact.ur.yaml'))).toEqual({
      [first.path]: { text: 'ہم سے رابطہ کریں', from: fingerprint(first.source) },
    });
    const site = await loadSite({ root, includeDrafts: true });
    expect(site.errors.filter((e) => e.file.startsWith('site/pages/contact'))).toEqual([]);
    expect(git('show', '--format=', '--name-only', 'HEAD')).toBe('site/pages/contact.ur.yaml');
  });

  it('lands two translators’ saves of two languages of one page, started at once', async () => {
    const [de, ur] = await Promise.all([view(home, 'de'), view(home, 'ur')]);
    const before = git('rev-parse', 'HEAD');
    const [german, urdu] = await Promise.all([
      save(home, 'de', de, { texts: [{ path: 'title', text: 'Anfang' }] }, ann),
      save(home, 'ur', ur, { texts: [{ path: 'title', text: 'آغاز' }] }, bob),
    ]);
    expect([german.status, urdu.status], JSON.stringify([german.body, urdu.body])).toEqual([200, 200]);
    expect(parse(await onDisk('pages/home.de.yaml')).title.text).toBe('Anfang');
    expect(parse(await onDisk('pages/home.ur.yaml')).title.text).toBe('آغاز');
    const commits = git('log', '--format=%ae %H', `${before}..HEAD`).split('\n');
    expect(commits).toHaveLength(2);
    const files = Object.fromEntries(
      commits.map((line) => {
        const [who, commit] = line.split(' ');
        return [git('show', '--format=', '--name-only', commit), who];
      }),
    );
    expect(files).toEqual({ 'site/pages/home.de.yaml': ann, 'site/pages/home.ur.yaml': bob });
  });

  it('translates the site settings too', async () => {
    const opened = await view('site.yaml', 'de');
    expect(opened.title).toBe('Site settings');
    const missing = opened.fields.find((f) => f.state === 'missing')!;
    const answer = await save('site.yaml', 'de', opened, { texts: [{ path: missing.path, text: 'Übersetzt' }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(parse(await onDisk('site.de.yaml'))[missing.path].text).toBe('Übersetzt');
  });

  it("lists the words of the site's own parts the settings leave to their defaults, by their titles", async () => {
    const group = contract.resolve(
      contract.root('settings').schema.properties!.siteWords,
      'settings.schema.json',
    ).schema;
    const [name, word] = Object.entries(group.properties!).find(([key]) => key === 'previousPage')!;
    const opened = await view('site.yaml', 'de');
    const field = opened.fields.find((f) => f.path === `siteWords.${name}`)!;
    expect(field).toMatchObject({ state: 'missing', source: word.default });
    expect(field.field).toBe(`${labelOf('siteWords', group)} › ${labelOf(name, word)}`);
    const answer = await save('site.yaml', 'de', opened, { texts: [{ path: field.path, text: 'Vorige Seite' }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { model } = await loadSite({ root });
    expect(model!.translations.find((t) => t.language.code === 'de')!.settings.siteWords[name as 'previousPage']).toBe(
      'Vorige Seite',
    );
  });
});

describe('the review', () => {
  it('names a changed translation by its original and its language, never by its file', async () => {
    await writeFile(path.join(root, 'site', 'pages', 'home.de.yaml'), `${await onDisk('pages/home.de.yaml')}# aside\n`);
    const { files } = (await server.ask('GET /changes', { editor: ann })).body as { files: { title: string }[] };
    expect(files.map((f) => f.title)).toEqual(['Start in Deutsch']);
  });
});

describe('refusals', () => {
  it('refuse a language the site does not offer, or that is no language', async () => {
    expect((await server.ask(`GET /translation?${q(home, 'fr')}`, { editor: ann })).status).toBe(404);
    expect((await server.ask(`GET /translation?${q(home, 'en')}`, { editor: ann })).status).toBe(404);
    expect((await server.ask(`GET /translation?${q(home, '../x')}`, { editor: ann })).status).toBe(400);
    const opened = await view(home, 'de');
    expect((await save(home, 'fr', opened, { texts: [{ path: 'title', text: 'Début' }] })).status).toBe(404);
    expect(existsSync(path.join(root, 'site', 'pages', 'home.fr.yaml'))).toBe(false);
  });

  it('refuse what is not a text of the original to translate', async () => {
    const opened = await view(home, 'de');
    const before = await onDisk('pages/home.de.yaml');
    for (const change of [
      { texts: [{ path: 'path', text: '/anfang' }] },
      { texts: [{ path: 'sections.0.type', text: 'cards' }] },
      { texts: [{ path: 'sections.99.title', text: 'Nichts' }] },
      {
        texts: [
          { path: 'title', text: 'A' },
          { path: 'title', text: 'B' },
        ],
      },
      // Nothing to keep where nothing is translated.
      { keep: [opened.fields.find((f) => f.state === 'missing')!.path] },
    ]) {
      const answer = await save(home, 'de', opened, change);
      expect(answer.status, JSON.stringify(change)).toBe(422);
      expect((answer.body as { error: string }).error).not.toMatch(/sections\.|\.yaml/);
    }
    // Words that are not text: the request's shape is refused before anything is read.
    expect((await save(home, 'de', opened, { texts: [{ path: 'title', text: { words: 'x' } }] } as never)).status).toBe(
      400,
    );
    expect(await onDisk('pages/home.de.yaml')).toBe(before);
  });

  it('refuse an entry that is not translated, and a path outside site/', async () => {
    expect((await server.ask(`GET /translation?${q('blog/first-post.md', 'de')}`, { editor: ann })).status).toBe(404);
    expect((await server.ask(`GET /translation?${q('redirects.yaml', 'de')}`, { editor: ann })).status).toBe(404);
    expect((await server.ask(`GET /translation?${q('pages/home.de.yaml', 'de')}`, { editor: ann })).status).toBe(404);
    expect((await server.ask(`GET /translation?${q('../package.json', 'de')}`, { editor: ann })).status).toBe(403);
    expect((await server.ask('GET /translation/languages?file=redirects.yaml', { editor: ann })).status).toBe(404);
    // A translation file that is a link leading out of site/ is neither read nor written.
    await writeFile(path.join(root, 'outside.yaml'), 'title:\n  text: Geheim\n  from: aaaaaaaa\n');
    await symlink(path.join(root, 'outside.yaml'), path.join(root, 'site', 'pages', 'offer.de.yaml'));
    expect((await server.ask(`GET /translation?${q('pages/offer.yaml', 'de')}`, { editor: ann })).status).toBe(403);
  });

  it('refuse a save against a translation or an original changed since it was opened', async () => {
    const opened = await view(home, 'de');
    await writeFile(path.join(root, 'site', 'pages', 'home.de.yaml'), `${await onDisk('pages/home.de.yaml')}# aside\n`);
    const stale = await save(home, 'de', opened, { texts: [{ path: 'title', text: 'Anfang' }] });
    expect(stale.status).toBe(409);
    expect((stale.body as { error: string }).error).toMatch(/Deutsch translation of Start was changed/);

    const fresh = await view(home, 'de');
    const entry = (await server.ask(`GET /entry?file=${home}`)).body as { version: string; data: { title: string } };
    entry.data.title = 'Start here';
    expect((await server.ask(`POST /save?file=${home}`, { editor: bob, body: entry })).status).toBe(200);
    expect((await save(home, 'de', fresh, { texts: [{ path: 'title', text: 'Anfang' }] })).status).toBe(409);
    expect(parse(await onDisk('pages/home.de.yaml')).title.text).toBe('Start');
  });

  it('refuse words the field does not take, and a save by no one signed in', async () => {
    const opened = await view(home, 'de');
    const long = await save(home, 'de', opened, { texts: [{ path: 'description', text: 'Wort '.repeat(60) }] });
    expect(long.status).toBe(422);
    expect((long.body as { error: string }).error).toMatch(/^Not saved: 1 problem/);
    expect((long.body as { error: string }).error).toContain('Description');
    expect((await save(home, 'de', opened, { texts: [{ path: 'title', text: 'Anfang' }] }, '')).status).toBe(401);
    expect(git('status', '--porcelain')).toBe('');
  });
});
