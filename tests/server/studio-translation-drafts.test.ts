// A translator's unsaved words kept as their draft on the server, through the studio's real API (the
// translation routes and the drafts folder of `npm start`): one draft per editor and per language of
// an entry, another editor never reads it, a save of that language ends it, and what is not a draft
// of a translation the site offers is refused and keeps nothing.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SaveCommits } from '../../scripts/studio/commit-save.ts';
import type { TranslationDraft, TranslationView } from '../../shared/translation-protocol.ts';
import { fixtureRepo, type FixtureRepo } from '../fixtures/fixture-repo.ts';
import { studioApiApp, type TestApi } from '../fixtures/studio-api.ts';

const ann = 'ann.lee@example.com';
const bob = 'bob@example.org';
const home = 'pages/home.yaml';
let repo: FixtureRepo;
let drafts: string;
let server: TestApi;

const q = (language: string, file = home) => `file=${encodeURIComponent(file)}&language=${language}`;
const read = (editor: string, language: string) => server.ask(`GET /translation/draft?${q(language)}`, { editor });
const keep = (editor: string | undefined, language: string, body: unknown) =>
  server.ask(`POST /translation/draft?${q(language)}`, { editor, body });
/** Keeps a draft the server must accept. */
async function kept(editor: string, language: string, draft: TranslationDraft) {
  const answer = await keep(editor, language, draft);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function view(language: string): Promise<TranslationView> {
  const answer = await server.ask(`GET /translation?${q(language)}`, { editor: ann });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as TranslationView;
}

/** A draft of the first text not yet translated into `language`, as the translation view keeps it. */
async function draftOf(language: string, text: string): Promise<TranslationDraft> {
  const opened = await view(language);
  const missing = opened.fields.find((field) => field.state === 'missing')!;
  return {
    file: `translation:${language}:${home}`,
    version: opened.version,
    sourceVersion: opened.sourceVersion,
    texts: [{ path: missing.path, text, was: '', source: missing.source }],
    keep: [],
    at: Date.now(),
  };
}

const keptFiles = async () =>
  (await readdir(drafts, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

beforeAll(async () => {
  repo = await fixtureRepo('studio-translation-drafts');
  drafts = await mkdtemp(path.join(tmpdir(), 'translation-drafts-'));
  server = await studioApiApp({ root: repo.root, commits: new SaveCommits(repo.root), draftsDir: drafts });
}, 120_000);
afterAll(async () => {
  await server?.app.close();
  await repo?.remove();
  await rm(drafts, { recursive: true, force: true });
});
beforeEach(async () => {
  repo.reset();
  for (const name of await readdir(drafts)) await rm(path.join(drafts, name), { recursive: true, force: true });
});

describe("a translation's draft on the server", () => {
  it('is kept per editor and per language: German and Urdu apart, and another editor reads none', async () => {
    const german = await draftOf('de', 'Ein Entwurf');
    const urdu = await draftOf('ur', 'ایک مسودہ');
    await kept(ann, 'de', german);
    await kept(ann, 'ur', urdu);

    // The server names the draft by the translation it is of; the rest comes back as it was sent.
    expect((await read(ann, 'de')).body).toEqual({ ...german, file: 'pages/home.de.yaml' });
    expect((await read(ann, 'ur')).body).toEqual({ ...urdu, file: 'pages/home.ur.yaml' });
    expect((await read(bob, 'de')).body).toBeNull();
    expect((await read(bob, 'ur')).body).toBeNull();
    // Named by hashes in the entry drafts' folder: no file, language or address in a name.
    const names = await keptFiles();
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}\.json$/);

    // Bob's own draft of the German translation does not touch Ann's.
    await kept(bob, 'de', await draftOf('de', 'Bobs Entwurf'));
    expect((await read(ann, 'de')).body).toEqual({ ...german, file: 'pages/home.de.yaml' });
  });

  it('ends when that language is saved; the other language stays', async () => {
    const german = await draftOf('de', 'Gespeichert');
    await kept(ann, 'de', german);
    await kept(ann, 'ur', await draftOf('ur', 'ایک مسودہ'));
    await kept(bob, 'de', await draftOf('de', 'Bobs Entwurf'));
    const { version, sourceVersion } = await view('de');
    const saved = await server.ask(`POST /translation/save?${q('de')}`, {
      editor: ann,
      body: { version, sourceVersion, texts: german.texts.map(({ path, text }) => ({ path, text })), keep: [] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    expect((await read(ann, 'de')).body).toBeNull();
    expect((await read(ann, 'ur')).body).toMatchObject({ file: 'pages/home.ur.yaml' });
    // Another editor's unsaved German is theirs to save or drop.
    expect((await read(bob, 'de')).body).toMatchObject({ texts: [{ text: 'Bobs Entwurf' }] });
  });

  it('is dropped on request', async () => {
    await kept(ann, 'de', await draftOf('de', 'Verworfen'));
    expect((await server.ask(`POST /translation/draft/drop?${q('de')}`, { editor: ann, body: {} })).status).toBe(200);
    expect((await read(ann, 'de')).body).toBeNull();
  });

  it('refuses what is no draft of a translation the site offers, and keeps nothing', async () => {
    const draft = await draftOf('de', 'Ein Entwurf');
    const refusals = [
      await keep(ann, 'fr', draft),
      await server.ask(`POST /translation/draft?${q('de', '../outside.yaml')}`, { editor: ann, body: draft }),
      await server.ask(`POST /translation/draft?${q('de', 'pages/home.de.yaml')}`, { editor: ann, body: draft }),
      await keep(ann, 'de', { ...draft, texts: 'all of them' }),
      await keep(ann, 'de', { ...draft, at: 'now' }),
      // Nobody signed in.
      await keep(undefined, 'de', draft),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBeGreaterThanOrEqual(400);
      expect(refusal.body).toMatchObject({ error: expect.any(String) });
    }
    expect(await keptFiles().catch(() => [])).toEqual([]);
  });
});
