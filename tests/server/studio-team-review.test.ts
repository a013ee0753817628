// Reviews before going live (scripts/studio/team-review-routes.ts, scripts/publish/approval.ts) on a
// git repository holding a copy of the fixture site, with PUBLISH_NEEDS_APPROVAL on: an editor asks
// for a review and every other publisher is mailed its link; a note is kept at its field; each
// refusal in words (an editor deciding, a publisher approving their own change, a decision on a
// version saved over, an unapproved or stale publish, schedule and command-line publish); and an
// approval by someone else lets exactly that version go live, "approved by" in its release record
// and the audit log.
import { execFile, execFileSync } from 'node:child_process';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioErrorHandler } from '../../scripts/studio/api-errors.ts';
import { publishRoutes, type PublishingOptions } from '../../scripts/studio/publish-routes.ts';
import { scheduleRoutes } from '../../scripts/studio/schedule-routes.ts';
import { teamReviewRoutes } from '../../scripts/studio/team-review-routes.ts';
import type { Mailer } from '../../server/leads/mailer.ts';
import { listScheduled } from '../../server/releases/scheduled.ts';
import { readCurrent, readReleaseInfo } from '../../server/releases/store.ts';
import { readAudit } from '../../server/studio-access/audit.ts';
import { addEditor, type Role } from '../../server/studio-access/editors.ts';
import { setEditor } from '../../server/studio-access/request-editor.ts';
import type { PublishState, ReleaseView } from '../../shared/publishing.ts';
import type { ReviewsAnswer, ReviewView } from '../../shared/team-review.ts';
import { projectRoot } from '../fixtures/fixture-site.ts';
import { writeRelease } from '../fixtures/release-fixture.ts';
import { fixtureSite } from '../fixtures/studio.ts';

const ann = 'ann@example.com';
const pat = 'pat@example.com';
const pia = 'pia@example.com';
const roles: Record<string, Role> = { [ann]: 'editor', [pat]: 'publisher', [pia]: 'publisher' };

let root: string;
let dataDir: string;
let api: FastifyInstance;
const mailed: SendMailOptions[] = [];

const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();

/** A save by `email`, as the studio on the server commits it: authored by that editor. */
const saveAs = async (email: string, note: string) => {
  await appendFile(path.join(root, 'site', 'pages', 'home.yaml'), `# ${note}\n`);
  git('-c', `user.name=${email.split('@')[0]}`, '-c', `user.email=${email}`, 'commit', '-q', '-am', note);
  return git('rev-parse', 'HEAD');
};

/** The answer, or the refusal's status and sentence, for the signed-in `who`. */
async function ask(who: string | undefined, route: string, body?: unknown) {
  const [method, url] = route.split(' ');
  const response = await api.inject({
    method: method as 'GET' | 'POST',
    url,
    headers: who ? { 'x-test-editor': who } : {},
    ...(method === 'POST' && { payload: (body ?? {}) as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as unknown };
}

const reviews = async () => ((await ask(ann, 'GET /reviews')).body as ReviewsAnswer).reviews;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'studio-team-review-'));
  dataDir = path.join(root, 'var');
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=Owner', '-c', 'user.email=owner@example.com', 'commit', '-q', '-m', 'The site');
  // Visitors see the fixture's commit: the build served before any publish records it.
  const distDir = await writeRelease(root, 'var-dist', { label: 'As set up' });
  await appendFile(path.join(distDir, '_build.json'), JSON.stringify({ commit: git('rev-parse', 'HEAD'), at: '' }));
  for (const [email, role] of Object.entries(roles)) await addEditor(dataDir, email, role);
  const mailer: Mailer = {
    describe: 'kept by the test',
    send: async (message) => void mailed.push(message),
    close: () => undefined,
  };
  const options: PublishingOptions & { root: string } = {
    root,
    dataDir,
    distDir,
    approvalRequired: true,
    publicUrl: 'https://www.example.com',
    mail: { mailer },
  };
  api = Fastify();
  api.addHook('onRequest', async (request) => {
    const email = request.headers['x-test-editor'] as string | undefined;
    if (email) setEditor(request.raw, { email, role: roles[email], added: new Date().toISOString() });
  });
  api.setErrorHandler(studioErrorHandler);
  await api.register(publishRoutes, options);
  await api.register(scheduleRoutes, options);
  await api.register(teamReviewRoutes, options);
});
afterAll(async () => {
  await api?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const unapproved =
  'These changes need the approval of someone who did not make them before they can go live. Ask for a review in the Publish view; once another publisher approves this version, it can be published.';

describe('asking for a review', () => {
  it('refuses without a session, with nothing saved since the live version, and an empty message', async () => {
    expect(await ask(undefined, 'GET /reviews')).toMatchObject({ status: 401 });
    const head = git('rev-parse', 'HEAD');
    expect(await ask(ann, 'POST /reviews', { commit: head, message: 'Please look' })).toEqual({
      status: 400,
      body: { error: 'Nothing to review: visitors already see everything that was saved.' },
    });
    await saveAs(ann, 'Ann: a new line');
    expect(await ask(ann, 'POST /reviews', { commit: git('rev-parse', 'HEAD'), message: '  ' })).toMatchObject({
      status: 400,
    });
  });

  it('keeps the request and mails each publisher but the one asking a link to it', async () => {
    const commit = git('rev-parse', 'HEAD');
    const asked = await ask(ann, 'POST /reviews', { commit, message: 'The new line, please' });
    expect(asked).toMatchObject({ status: 201, body: { by: ann, commit, state: 'waiting' } });
    const { id } = asked.body as ReviewView;
    await expect.poll(() => mailed.length).toBe(2);
    expect(mailed.map((mail) => mail.to)).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: pat }), expect.objectContaining({ address: pia })]),
    );
    expect(mailed[0].text).toContain('The new line, please');
    expect(mailed[0].text).toContain(`https://www.example.com/_studio/?review=${id}`);
    // Asking again for the same version mails nobody again.
    expect(await ask(ann, 'POST /reviews', { commit, message: 'Again' })).toEqual({
      status: 409,
      body: {
        error: 'A review of these changes was already asked for: the publishers have its link. Open it under Reviews.',
      },
    });
    expect(mailed).toHaveLength(2);
  });

  it('keeps a note at a field, from anyone signed in', async () => {
    const [review] = await reviews();
    const note = { file: 'pages/home.yaml', path: ['sections', 0, 'title'], where: 'Home › Banner', text: 'Shorter?' };
    expect(await ask(pia, `POST /reviews/${review.id}/notes`, note)).toMatchObject({ status: 200 });
    expect((await reviews())[0].notes).toEqual([expect.objectContaining({ ...note, by: pia })]);
    expect(await ask(pia, 'POST /reviews/000000000000/notes', note)).toEqual({
      status: 404,
      body: { error: 'That review is not there any more.' },
    });
  });
});

describe('refusals', () => {
  it('lets no editor approve or ask for changes', async () => {
    const [review] = await reviews();
    expect(
      await ask(ann, `POST /reviews/${review.id}/decision`, { commit: review.commit, verdict: 'approved' }),
    ).toEqual({
      status: 403,
      body: { error: 'Only a publisher can approve changes or ask for more. Ask the site owner to make you one.' },
    });
  });

  it('lets no publisher approve changes they made', async () => {
    await saveAs(pat, 'Pat: a line of his own');
    const commit = git('rev-parse', 'HEAD');
    const [review] = await reviews();
    expect(await ask(pat, `POST /reviews/${review.id}/decision`, { commit, verdict: 'approved' })).toEqual({
      status: 403,
      body: {
        error:
          'You made some of these changes, so someone else must approve them: ask another publisher to review them.',
      },
    });
  });

  it('refuses an unapproved publish and schedule, in words', async () => {
    const commit = git('rev-parse', 'HEAD');
    expect(await ask(pat, 'POST /publish', { commit })).toEqual({ status: 409, body: { error: unapproved } });
    expect(await ask(pat, 'POST /schedule', { commit, at: '2099-01-01T09:00' })).toEqual({
      status: 409,
      body: { error: unapproved },
    });
  });

  it('refuses a decision on a version saved over, and a publish once a save follows an approval', async () => {
    const [review] = await reviews();
    const approvedCommit = git('rev-parse', 'HEAD');
    await saveAs(ann, 'Ann: saved while Pia read');
    expect(
      await ask(pia, `POST /reviews/${review.id}/decision`, { commit: approvedCommit, verdict: 'approved' }),
    ).toMatchObject({ status: 409 });
    const commit = git('rev-parse', 'HEAD');
    expect(await ask(pia, `POST /reviews/${review.id}/decision`, { commit, verdict: 'approved' })).toMatchObject({
      status: 200,
    });
    expect((await reviews())[0].state).toBe('approved');
    await saveAs(ann, 'Ann: one more after the approval');
    expect((await reviews())[0].state).toBe('saved-since');
    expect(await ask(pat, 'POST /publish', { commit: git('rev-parse', 'HEAD') })).toEqual({
      status: 409,
      body: {
        error:
          'Changes were saved after the last approval, so the approval no longer counts: what goes live must be exactly what was approved. Ask for a review of the newest version.',
      },
    });
  });

  it('refuses the command line publish and schedule of an unapproved version', async () => {
    const releases = (...args: string[]) =>
      promisify(execFile)(process.execPath, [path.join(projectRoot, 'scripts', 'releases.ts'), ...args], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, RELEASES_DIR: '', PUBLISH_NEEDS_APPROVAL: 'true' },
      }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    for (const run of await Promise.all([releases('publish'), releases('schedule', '--at', tomorrow)])) {
      expect(run).toMatchObject({ code: 1 });
      expect(run.stderr.trim()).toBe(
        'Changes were saved after the last approval, so the approval no longer counts: what goes live must be exactly what was approved. Ask for a review of the newest version.',
      );
    }
    expect(await readCurrent(path.join(dataDir, 'releases'))).toBeUndefined();
    expect(await listScheduled(path.join(dataDir, 'releases'))).toEqual([]);
  });
});

it('publishes exactly the version someone else approved, "approved by" in its record and the audit log', async () => {
  const commit = git('rev-parse', 'HEAD');
  const [review] = await reviews();
  expect(
    await ask(pia, `POST /reviews/${review.id}/decision`, { commit, verdict: 'approved', note: 'Fine by me' }),
  ).toMatchObject({ status: 200 });
  // The editor who asked is told.
  await expect.poll(() => mailed.some((mail) => (mail.to as { address: string }).address === ann)).toBe(true);
  expect(await ask(pat, 'POST /publish', { commit })).toMatchObject({ status: 202 });
  await expect
    .poll(async () => ((await ask(ann, 'GET /publish')).body as PublishState).run?.outcome, {
      timeout: 240_000,
      interval: 500,
    })
    .toMatchObject({ ok: true });
  const [live] = (await ask(ann, 'GET /releases')).body as ReleaseView[];
  expect(live).toMatchObject({ live: true, commit, by: pat, approvedBy: pia });
  expect(await readReleaseInfo(path.join(dataDir, 'releases'), live.id)).toMatchObject({ approvedBy: pia });
  expect((await reviews())[0].state).toBe('live');
  const audit = (await readAudit(dataDir)).map((event) => [event.who, event.action]);
  expect(audit).toEqual([
    [ann, 'review-asked'],
    [pia, 'review-note'],
    [pia, 'review-approved'],
    [pia, 'review-approved'],
    [pat, 'publish'],
  ]);
  expect((await readAudit(dataDir)).at(-1)?.detail).toContain(`approved by ${pia}`);
  // The next change needs an approval of its own: the one of the live version is not "saved since".
  await saveAs(ann, 'Ann: after the publish');
  expect(await ask(pat, 'POST /publish', { commit: git('rev-parse', 'HEAD') })).toEqual({
    status: 409,
    body: { error: unapproved },
  });
}, 300_000);
