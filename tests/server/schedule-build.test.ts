// Scheduling with real builds (scripts/publish/schedule.ts, article-times.ts), on a copy of the
// fixture site in its own git repository: an article's expiry gets a release built ahead for its
// time, which the scheduler makes live then, taking the article off its page, the listing, the
// feeds and the sitemap; a schedule moved is built again for its new time and goes live at that
// time, not the old one; one cancelled leaves nothing; one whose build fails mails its publisher
// through a real SMTP server at once. The servers' clock is moved; nothing waits for real hours.
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { smtpMailer } from '../../server/leads/mailer.ts';
import { feedPaths } from '../../server/public-files.ts';
import { readAudit } from '../../server/studio-access/audit.ts';
import { listScheduled, readScheduled, scheduledBuildDir } from '../../server/releases/scheduled.ts';
import { readCurrent, readReleaseInfo } from '../../server/releases/store.ts';
import { followArticleTimes } from '../../scripts/publish/article-times.ts';
import { publish } from '../../scripts/publish/publish.ts';
import { cancelSchedule, moveSchedule, schedule, UnknownSchedule } from '../../scripts/publish/schedule.ts';
import { testConfig } from '../fixtures/dist-fixture.ts';
import { git, publishCheckout } from '../fixtures/publish-checkout.ts';
import { startSmtp, type TestSmtp } from '../fixtures/smtp.ts';

const BUILD_MS = 300_000;
const HOUR = 3_600_000;
const start = Date.now();
const expiry = new Date(start + 48 * HOUR).toISOString();
let work: string;
let root: string;
let dataDir: string;
let releasesDir: string;
let smtp: TestSmtp;

beforeAll(async () => {
  ({ work, root, dataDir } = await publishCheckout());
  releasesDir = path.join(dataDir, 'releases');
  smtp = await startSmtp();
  const note = path.join(root, 'site', 'blog', 'fourth-note.md');
  await writeFile(note, (await readFile(note, 'utf8')).replace('readTime: 7', `readTime: 7\nexpires: ${expiry}`));
  git(root, 'commit', '-qam', 'A limited offer');
});
afterAll(async () => {
  await smtp.close();
  await rm(work, { recursive: true, force: true });
});

/** A server over the releases folder whose clock the test sets. */
async function server(clock: { now: number }) {
  const app = await buildApp({
    config: testConfig(path.join(work, 'no-dist'), { dataDir: path.join(work, 'instance'), releasesDir }),
    releaseCheckMs: 100,
    scheduleCheckMs: 50,
    scheduleClock: () => clock.now,
  });
  const text = async (url: string) => (await app.inject({ url })).body;
  return { app, text };
}

const waitFor = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });
const options = () => ({ root, dataDir, mail: { mailer: smtpMailer(smtp.url) } });

const commitHome = async (from: string, to: string, message: string) => {
  const home = path.join(root, 'site', 'pages', 'home.yaml');
  await writeFile(home, (await readFile(home, 'utf8')).replace(from, to));
  git(root, 'commit', '-qam', message);
  return git(root, 'rev-parse', 'HEAD');
};

describe('scheduled releases, built ahead', () => {
  it(
    "an article's expiry takes it off its page, the listing, the feeds and the sitemap at its time",
    async () => {
      const published = await publish({ root, dataDir, by: 'pat@example.com' });
      expect(published.ok).toBe(true);
      const live = (await readCurrent(releasesDir))!;
      // The soonest first; the fixture's other article expires in 2999, not scheduled while that far.
      expect((await readReleaseInfo(releasesDir, live))?.articleTimes?.[0]).toEqual({
        at: expiry,
        title: 'Fourth Fixture Note',
        change: 'expires',
      });
      const made = await followArticleTimes(options());
      expect(made).toMatchObject({ kind: 'article', follows: live, state: 'ready', at: expiry });
      // Asked again, it is there already: no second release for the same time.
      expect(await followArticleTimes(options())).toBeUndefined();

      const clock = { now: Date.parse(expiry) - 1000 };
      const { app, text } = await server(clock);
      try {
        const everywhere = async () => ({
          page: (await app.inject({ url: '/resources/blogs/fourth-note' })).statusCode,
          listing: (await text('/resources/blogs')).includes('Fourth Fixture Note'),
          rss: (await text(feedPaths.rss)).includes('Fourth Fixture Note'),
          atom: (await text(feedPaths.atom)).includes('Fourth Fixture Note'),
          sitemap: (await text('/sitemap.xml')).includes('/resources/blogs/fourth-note'),
        });
        expect(await everywhere()).toEqual({ page: 200, listing: true, rss: true, atom: true, sitemap: true });
        clock.now = Date.parse(expiry);
        await waitFor(async () => expect(await readCurrent(releasesDir)).toBe(made!.releaseId));
        await waitFor(async () =>
          expect(await everywhere()).toEqual({ page: 404, listing: false, rss: false, atom: false, sitemap: false }),
        );
        const line = (await readAudit(path.join(work, 'instance'))).at(-1);
        expect(line?.detail).toContain('"Fourth Fixture Note" was taken down');
      } finally {
        await app.close();
      }
    },
    BUILD_MS,
  );

  it(
    'a moved schedule is built again and goes live at its new time, not the old one',
    async () => {
      const commit = await commitHome('subtitle: A hero with', 'subtitle: Launch Day, a hero with', 'Launch copy');
      const [first, second] = [start + 2 * HOUR, start + 3 * HOUR];
      const { record, built } = await schedule(options(), { commit, at: first, by: 'pat@example.com' });
      expect(record.state).toBe('building');
      expect(await built).toMatchObject({ state: 'ready' });
      const moved = await moveSchedule(options(), record.id, second, 'pat@example.com');
      expect(await moved.built).toMatchObject({ state: 'ready', at: new Date(second).toISOString() });
      // The build for the old time is gone.
      await expect(stat(scheduledBuildDir(releasesDir, record.releaseId))).rejects.toThrow();

      const clock = { now: first };
      const { app, text } = await server(clock);
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await text('/')).not.toContain('Launch Day');
        clock.now = second;
        await waitFor(async () => expect(await text('/')).toContain('Launch Day'));
      } finally {
        await app.close();
      }
      expect((await readAudit(dataDir)).map((line) => line.action)).toEqual(
        expect.arrayContaining(['schedule', 'schedule-moved']),
      );
    },
    BUILD_MS,
  );

  it(
    'a cancelled schedule leaves nothing, and one gone live cannot be cancelled',
    async () => {
      const { record, built } = await schedule(options(), { at: start + 5 * HOUR, by: 'pat@example.com' });
      await cancelSchedule(options(), record.id, 'sam@example.com');
      // Its build, finished after the cancel, is removed with it.
      await built;
      expect(await readScheduled(releasesDir, record.id)).toBeUndefined();
      await expect(stat(scheduledBuildDir(releasesDir, record.releaseId))).rejects.toThrow();
      expect((await readAudit(dataDir)).at(-1)).toMatchObject({ who: 'sam@example.com', action: 'schedule-cancelled' });

      const gone = (await listScheduled(releasesDir)).find((each) => each.state === 'live')!;
      await expect(cancelSchedule(options(), gone.id, 'sam@example.com')).rejects.toThrow(
        new UnknownSchedule('That release has already gone live. Roll back to undo it.'),
      );
    },
    BUILD_MS,
  );

  it(
    'a schedule whose build fails mails its publisher at once, long before its time',
    async () => {
      const commit = await commitHome('title: Start', 'title: [Start', 'A broken page');
      const { built } = await schedule(options(), { commit, at: start + 24 * HOUR, by: 'pat@example.com' });
      expect(await built).toMatchObject({ state: 'failed' });
      await waitFor(async () => expect(smtp.received).toHaveLength(1));
      const [mail] = smtp.received;
      expect(mail.envelope.rcptTo).toEqual(['pat@example.com']);
      expect(mail.headers.subject).toMatch(/^Your release scheduled for .+ \(India, UTC\+05:30\) will not go live$/);
      expect(mail.text).toContain('so your changes to the Fixture Works site will not go live then.');
      expect(mail.text).toContain('The site stays as it is.');
      expect(mail.text).toContain('The site has errors, so nothing will go live. Fix them and schedule again.');
      expect(mail.text).toContain('site/pages/home.yaml:');
      expect((await readAudit(dataDir)).at(-1)).toMatchObject({ who: 'pat@example.com', action: 'schedule-failed' });
    },
    BUILD_MS,
  );
});
