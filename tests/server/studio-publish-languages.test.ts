// Publishing one language alone, through the real studio API on a copy of the fixture site in its
// own git repository: a German and an Urdu translation saved, the list offering both languages, a
// release holding Urdu back (German live, Urdu still listed as not published), then Urdu published
// after it; an approval of exactly the release chosen; and every refusal: a language the site does not have, the site's own language, a list a
// save has outdated, a body the route does not take.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalFor, NotApproved } from '../../scripts/publish/approval.ts';
import { composedOf } from '../../scripts/publish/held-languages.ts';
import { SaveCommits } from '../../scripts/studio/commit-save.ts';
import { buildRecordFile } from '../../server/releases/store.ts';
import type { PublishState, ReleaseView, UnpublishedAnswer } from '../../shared/publishing.ts';
import type { ReviewsAnswer, ReviewView } from '../../shared/team-review.ts';
import type { TranslationSave, TranslationView } from '../../shared/translation-protocol.ts';
import { writeRelease } from '../fixtures/release-fixture.ts';
import { fixtureRepo, type FixtureRepo } from '../fixtures/fixture-repo.ts';
import { studioApiApp, type TestApi } from '../fixtures/studio-api.ts';

const home = 'pages/home.yaml';
const german = 'Jedes Feld. Nur diese Seite.';
const urdu = 'ہر خانہ۔ صرف یہ صفحہ۔';
let root: string;
let server: TestApi;

let repo: FixtureRepo;
const git = (...args: string[]) => repo.git(...args);
/** A file of site/ as committed in `commit`, or undefined where that commit does not have it. */
const committed = (commit: string, file: string) => {
  try {
    return git('show', `${commit}:site/${file}`);
  } catch {
    return undefined;
  }
};

/** Saves `text` as the translation of the home page's headline into `language`, as the translation view does. */
async function translateHeadline(language: string, text: string, editor: string) {
  const q = `file=${encodeURIComponent(home)}&language=${language}`;
  const opened = (await server.ask(`GET /translation?${q}`, { editor })).body as TranslationView;
  const body: TranslationSave = {
    version: opened.version,
    sourceVersion: opened.sourceVersion,
    texts: [{ path: 'sections.0.title', text }],
    keep: [],
  };
  const saved = await server.ask(`POST /translation/save?${q}`, { editor, body });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function unpublished(hold: string[] = []): Promise<UnpublishedAnswer> {
  const query = hold.length ? `?${new URLSearchParams(hold.map((code) => ['hold', code]))}` : '';
  const answer = await server.ask(`GET /unpublished${query}`, { role: 'editor' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as UnpublishedAnswer;
}

const publish = (body: unknown) => server.ask('POST /publish', { role: 'publisher', body });

/** Publishes what `shown` lists, holding back what it held back, and waits until it is live. */
async function publishShown(shown: UnpublishedAnswer): Promise<ReleaseView> {
  const holdBack = (shown.languages ?? []).filter((l) => l.heldBack).map((l) => l.code);
  expect(await publish({ commit: shown.commit, holdBack })).toMatchObject({ status: 202 });
  let state: PublishState | undefined;
  await expect
    .poll(
      async () => (state = (await server.ask('GET /publish', { role: 'editor' })).body as PublishState).run?.outcome,
      {
        timeout: 240_000,
        interval: 500,
      },
    )
    .toBeDefined();
  expect(state!.run!.outcome).toMatchObject({ ok: true });
  const releases = (await server.ask('GET /releases', { role: 'editor' })).body as ReleaseView[];
  return releases.find((release) => release.live)!;
}

/** The files each listed change brings. */
const filesOf = (answer: UnpublishedAnswer) => answer.changes.flatMap((change) => change.files.map((f) => f.file));

beforeAll(async () => {
  repo = await fixtureRepo('studio-publish-languages');
  root = repo.root;
  // Visitors see a build of the fixture as first committed: the list starts from it.
  const dist = await writeRelease(root, 'var-dist', { label: 'As set up' });
  await writeFile(
    path.join(dist, buildRecordFile),
    JSON.stringify({ commit: git('rev-parse', 'HEAD'), at: '2026-11-01T09:00:00.000Z' }),
  );
  server = await studioApiApp({
    root,
    commits: new SaveCommits(root),
    publishing: { dataDir: path.join(root, 'var'), distDir: dist },
  });
  await translateHeadline('de', german, 'dora@example.com');
  await translateHeadline('ur', urdu, 'umar@example.com');
}, 120_000);
afterAll(async () => {
  await server?.app.close();
  await repo?.remove();
});

describe('choosing the languages', () => {
  it('offers each language with unsaved translations by its name, all going live unless held back', async () => {
    const all = await unpublished();
    expect(all.commit).toBe(git('rev-parse', 'HEAD'));
    expect(all.languages).toEqual([
      { code: 'de', name: 'Deutsch', direction: 'ltr', heldBack: false },
      { code: 'ur', name: 'اردو', direction: 'rtl', heldBack: false },
    ]);
    expect(filesOf(all).sort()).toEqual(['pages/home.de.yaml', 'pages/home.ur.yaml']);

    const withoutUrdu = await unpublished(['ur']);
    expect(withoutUrdu.languages?.map((l) => [l.code, l.heldBack])).toEqual([
      ['de', false],
      ['ur', true],
    ]);
    expect(withoutUrdu.commit).not.toBe(all.commit);
    expect(filesOf(withoutUrdu)).toEqual(['pages/home.de.yaml']);
    expect(withoutUrdu.earlier).toBe(0);
    // The same choice gives the same release, however often it is asked for.
    expect((await unpublished(['ur'])).commit).toBe(withoutUrdu.commit);
  });
});

describe('refusals', () => {
  it('refuses a language the site does not have, and the language it is written in', async () => {
    const { commit } = await unpublished(['ur']);
    expect(await publish({ commit, holdBack: ['fr'] })).toEqual({
      status: 400,
      body: { error: 'The site is not offered in “fr”.' },
    });
    expect(await publish({ commit, holdBack: ['en'] })).toEqual({
      status: 400,
      body: {
        error: 'English is the language the site is written in: its changes always go live, so it cannot be held back.',
      },
    });
    expect(await server.ask('GET /unpublished?hold=en', { role: 'editor' })).toMatchObject({ status: 400 });
  });

  it('refuses a body the route does not take', async () => {
    const { commit } = await unpublished(['ur']);
    for (const body of [
      { commit, holdBack: ['../ur'] },
      { commit, holdBack: [{ code: 'ur' }] },
      { commit, holdBack: ['ur', 'ur'] },
      { commit, holdBack: Array.from({ length: 51 }, (_, i) => `x${String.fromCharCode(97 + (i % 26))}${i}`) },
    ])
      expect(await publish(body), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(/^The request is not one the studio understands/) },
      });
    expect(await server.ask('POST /publish', { role: 'publisher', raw: '{"commit":' })).toEqual({
      status: 400,
      body: { error: 'The request body is not JSON.' },
    });
    expect(await publish({ commit: 'HEAD', holdBack: ['ur'] })).toMatchObject({ status: 400 });
    // Who may publish is answered before the body is judged.
    expect(await server.ask('POST /publish', { role: 'editor', body: { holdBack: 'nonsense' } })).toMatchObject({
      status: 403,
    });
  });

  it('refuses, with 409, a choice that a save made since has outdated, and one that held back something else', async () => {
    const shown = await unpublished(['ur']);
    // The same list holding nothing back is another release.
    expect(await publish({ commit: shown.commit })).toMatchObject({ status: 409 });
    expect(await publish({ commit: shown.commit, holdBack: ['de'] })).toMatchObject({ status: 409 });
    await translateHeadline('de', `${german} Neu`, 'dora@example.com');
    try {
      expect(await publish({ commit: shown.commit, holdBack: ['ur'] })).toEqual({
        status: 409,
        body: {
          error:
            'Changes were saved since this list was shown, so nothing was published. They are listed now: look at them, then publish again.',
        },
      });
    } finally {
      git('reset', '-q', '--hard', 'HEAD~1');
    }
  });
});

describe('approval', () => {
  it('covers exactly the release chosen, made by the authors of what it brings', async () => {
    const all = await unpublished();
    const withoutUrdu = await unpublished(['ur']);
    const asked = await server.ask('POST /reviews', {
      editor: 'dora@example.com',
      body: { commit: withoutUrdu.commit, message: 'German is ready; Urdu is not.' },
    });
    expect(asked).toMatchObject({ status: 201, body: { state: 'waiting', holdBack: ['ur'] } });
    const id = (asked.body as ReviewView).id;
    const decide = (editor: string) =>
      server.ask(`POST /reviews/${id}/decision`, {
        editor,
        role: 'publisher',
        body: { commit: withoutUrdu.commit, verdict: 'approved' },
      });
    // The German translator brings this release's change; the Urdu one brings none of it.
    expect(await decide('dora@example.com')).toMatchObject({ status: 403 });
    expect(await decide('umar@example.com')).toMatchObject({ status: 200 });
    const place = { root, dataDir: path.join(root, 'var'), distDir: path.join(root, 'var-dist') };
    expect(await approvalFor(place, withoutUrdu.commit, true)).toBe('umar@example.com');
    // Every language together is another release, which nobody approved.
    await expect(approvalFor(place, all.commit, true)).rejects.toThrow(NotApproved);
    const reviews = (await server.ask('GET /reviews', { role: 'editor' })).body as ReviewsAnswer;
    expect(reviews.reviews.find((review) => review.id === id)).toMatchObject({ state: 'approved' });
  });

  it('takes a save whose message imitates such a release for an ordinary save', async () => {
    const { commit } = await unpublished(['ur']);
    const message = git('show', '-s', '--format=%B', commit);
    git('commit', '-q', '--allow-empty', '-m', message);
    try {
      expect(await composedOf(root, git('rev-parse', 'HEAD'))).toBeUndefined();
      expect(await composedOf(root, commit)).toEqual({ saved: git('rev-parse', 'HEAD~1'), holdBack: ['ur'] });
    } finally {
      git('reset', '-q', '--hard', 'HEAD~1');
    }
  });
});

it('publishes German alone, Urdu staying unpublished, then Urdu after it', async () => {
  const first = await publishShown(await unpublished(['ur']));
  // German is live, Urdu is as it was before it was translated.
  expect(committed(first.commit, 'pages/home.de.yaml')).toContain(german);
  expect(committed(first.commit, 'pages/home.ur.yaml')).toBe(git('show', 'HEAD~2:site/pages/home.ur.yaml'));
  expect(committed(first.commit, 'pages/home.ur.yaml')).not.toContain(urdu);

  const left = await unpublished();
  expect(left.languages).toEqual([{ code: 'ur', name: 'اردو', direction: 'rtl', heldBack: false }]);
  expect(filesOf(left)).toEqual(['pages/home.ur.yaml']);
  expect(left.changes.map((c) => c.author.email)).toEqual(['umar@example.com']);
  expect(left.commit).toBe(git('rev-parse', 'HEAD'));

  const second = await publishShown(left);
  expect(second.commit).toBe(git('rev-parse', 'HEAD'));
  expect(committed(second.commit, 'pages/home.de.yaml')).toContain(german);
  expect(committed(second.commit, 'pages/home.ur.yaml')).toContain(urdu);
  expect(await unpublished()).toMatchObject({ changes: [], earlier: 0 });
  expect((await unpublished()).languages).toBeUndefined();
}, 600_000);
