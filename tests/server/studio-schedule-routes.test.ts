// The studio's scheduled releases (scripts/studio/schedule-routes.ts) on a git repository holding a
// copy of the fixture site: everyone signed in reads the list on the site's clock; only a publisher
// schedules, moves and cancels; a time that cannot be used, a commit with saves since and an
// unknown schedule are refused in words, and nothing is built or recorded for them. The clock is
// fixed; the one build this file starts is cancelled.
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../server/studio-access/editors.ts';
import { setEditor } from '../../server/studio-access/request-editor.ts';
import { listScheduled } from '../../server/releases/scheduled.ts';
import { studioErrorHandler } from '../../scripts/studio/api-errors.ts';
import { scheduleRoutes } from '../../scripts/studio/schedule-routes.ts';
import type { ScheduledAnswer } from '../../shared/scheduling.ts';
import { fixtureSite } from '../fixtures/studio.ts';

let root: string;
let api: FastifyInstance;
let commit: string;
const now = Date.parse('2026-12-04T12:00:00Z');
const releasesDir = () => path.join(root, 'var', 'releases');

const git = (...args: string[]) =>
  execFileSync('git', ['-C', root, '-c', 'user.name=Ann', '-c', 'user.email=ann@example.com', ...args], {
    encoding: 'utf8',
  }).trim();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'schedule-routes-'));
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'The site');
  commit = git('rev-parse', 'HEAD');
  api = Fastify();
  api.addHook('onRequest', async (request) => {
    const role = request.headers['x-test-role'] as Role | undefined;
    if (role) setEditor(request.raw, { email: `${role}@example.com`, role, added: new Date(now).toISOString() });
  });
  api.setErrorHandler(studioErrorHandler);
  await api.register(scheduleRoutes, { root, dataDir: path.join(root, 'var'), now: () => now });
});
afterAll(async () => {
  // Closing waits for a release still being built ahead, so nothing writes into the folder after.
  await api?.close();
  await rm(root, { recursive: true, force: true });
});

async function ask(role: Role | undefined, route: string, body: Record<string, unknown> = {}) {
  const [method, url] = route.split(' ');
  const response = await api.inject({
    method: method as 'GET' | 'POST',
    url,
    headers: role ? { 'x-test-role': role } : {},
    ...(method === 'POST' && { payload: body }),
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as unknown };
}

describe('scheduled releases in the studio', () => {
  it('lists them on the site clock for everyone signed in; only a publisher changes them', async () => {
    expect(await ask(undefined, 'GET /scheduled')).toMatchObject({ status: 401 });
    expect(await ask('editor', 'GET /scheduled')).toEqual({
      status: 200,
      body: { zone: 'India, UTC+05:30', now: '2026-12-04T17:30', schedules: [] },
    });
    for (const route of ['POST /schedule', 'POST /scheduled/x/move', 'POST /scheduled/x/cancel'])
      expect(await ask('editor', route, { commit, at: '2026-12-08T09:00' })).toEqual({
        status: 403,
        body: { error: 'Only a publisher can schedule a release. Ask the site owner to make you one.' },
      });
  });

  it('refuses a time it cannot use, changes not shown, and an unknown schedule, in words', async () => {
    const refusals: [string, Record<string, unknown>, number, string][] = [
      [
        'POST /schedule',
        { commit, at: '2026-12-01T09:00' },
        400,
        'Tuesday 1 December, 09:00 (India, UTC+05:30) has already passed. Choose a time to come, like 2026-12-05T17:30 for tomorrow at this time.',
      ],
      [
        'POST /schedule',
        { commit, at: 'next week' },
        400,
        'Give the date and time it goes live, like 2026-12-05T17:30 for tomorrow at this time (India time).',
      ],
      [
        'POST /schedule',
        { commit, at: '2028-01-01T09:00' },
        400,
        'Saturday 1 January 2028, 09:00 (India, UTC+05:30) is more than a year ahead. Choose a nearer time.',
      ],
      [
        'POST /schedule',
        { at: '2026-12-08T09:00' },
        400,
        'Say which changes to publish: open the list of changes again and publish from there.',
      ],
      [
        'POST /scheduled/20261204-120000-abcd/cancel',
        {},
        404,
        'There is no such scheduled release waiting to go live.',
      ],
      [
        'POST /scheduled/..%2F..%2Fcurrent/move',
        { at: '2026-12-08T09:00' },
        404,
        'There is no such scheduled release waiting to go live.',
      ],
    ];
    for (const [route, body, status, error] of refusals)
      expect(await ask('publisher', route, body)).toEqual({ status, body: { error } });
    expect(await listScheduled(releasesDir())).toEqual([]);
  });

  it('schedules the commit shown, says it in words on the site clock, and cancels it', async () => {
    const scheduled = await ask('publisher', 'POST /schedule', { commit, at: '2026-12-08T09:00' });
    expect(scheduled.status).toBe(202);
    const [waiting] = (scheduled.body as ScheduledAnswer).schedules;
    expect(waiting).toMatchObject({
      at: '2026-12-08T03:30:00.000Z',
      when: 'Tuesday 8 December, 09:00 (India, UTC+05:30)',
      local: '2026-12-08T09:00',
      by: 'publisher@example.com',
      state: 'getting-ready',
    });
    const cancelled = await ask('publisher', `POST /scheduled/${waiting.id}/cancel`);
    expect(cancelled).toEqual({ status: 200, body: expect.objectContaining({ schedules: [] }) });
  });
});
