// `npm run releases -- <command>`: the operator's view of the published releases, beside the
// studio's Publish and Roll back: list them, make a kept one live again, or publish the checkout
// from the command line. Reads the environment as the server does (DATA_DIR, RELEASES_DIR,
// PUBLISH_PUSH); safe while the server runs (one publish or roll-back at a time, across processes).
// A publish or roll-back made here is in the audit log as "owner". Schedules: a release built now
// for a time to come, made live then by whichever server instance runs (scripts/publish/schedule.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { configFromEnv } from '../server/config.ts';
import { appendAudit } from '../server/studio-access/audit.ts';
import { headCommit, resolveCommit, UnknownCommit } from './publish/git.ts';
import { approvalFor } from './publish/approval.ts';
import { listReleases, publish, rollback, UnknownRelease } from './publish/publish.ts';
import { ShareRefused } from './publish/share.ts';
import { shareCommand } from './publish/share-commands.ts';
import { followArticleTimes } from './publish/article-times.ts';
import {
  cancelSchedule,
  moveSchedule,
  schedule,
  scheduledReleases,
  UnknownSchedule,
  type SchedulingOptions,
} from './publish/schedule.ts';
import { siteClock } from './publish/site-clock.ts';
import { mailerFor } from '../server/leads/mailer.ts';
import type { ScheduledRelease } from '../server/releases/scheduled.ts';
import { describeTime, readScheduleTime } from '../shared/site-time.ts';

const usage = `Usage: npm run releases -- <command>
  list              the kept releases, newest first: which is live, when and by whom each was published, its commit
  rollback ID       make the kept release ID live again (every instance serving the folder switches within a second)
  publish [--by NAME] [--commit C]
                    validate and build commit C (default: the checked-out one), make it live,
                    and push C where PUBLISH_PUSH says
  share [--commit C] [--expires 7d] [--page /path] [--by NAME]
                    build commit C (default: the checked-out one) as a preview and print a link
                    to it on PUBLIC_URL for people without an account (noindex, forms not sent);
                    it works until it expires (7d, 36h, 90m; 7 days unless set) or is revoked
  shares            the preview links: who made each, its commit and page, until when it works
  revoke ID-OR-LINK end a preview link at once (its id from \`shares\`, or the link itself)
  schedule --at TIME [--commit C] [--by NAME]
                    build commit C (default: the checked-out one) now, for TIME, and make it live
                    then (TIME: 2026-12-08T09:00 on the site's clock, or ISO with its offset)
  scheduled         the scheduled releases: waiting, failed, gone live (and whether late)
  move ID --at TIME build scheduled release ID again for TIME and make it live then instead
  cancel ID         cancel scheduled release ID
Reads DATA_DIR (default ./var) and RELEASES_DIR (default DATA_DIR/releases), as the server does;
a failed scheduled build is mailed to its publisher through SMTP_URL.`;

const control = /\p{Cc}/gu;
const shown = (text: string) => text.replace(control, '?');

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      by: { type: 'string' },
      commit: { type: 'string' },
      expires: { type: 'string' },
      page: { type: 'string' },
      at: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return command || values.help ? 0 : 1;
  }
  const config = configFromEnv();
  const where = { dataDir: config.dataDir, releasesDir: config.releasesDir };
  const root = path.resolve('.');
  const scheduling = {
    root,
    ...where,
    mail: { mailer: mailerFor(config), from: config.mailFrom },
  };
  const approvalPlace = { root, ...where, distDir: config.distDir };
  const clock = () => siteClock(root);
  /** The time asked, or an error in words. */
  const timeOf = async (input: string | undefined) => {
    const read = readScheduleTime(input, (await clock()).timeZone);
    if (!read.ok) throw new Error(read.error);
    return read.ms;
  };
  const when = async (iso: string) => `${describeTime(Date.parse(iso), (await clock()).timeZone)} [${iso}]`;
  /** Says how a schedule's build ended; 1 when it failed. */
  const built = async (record: ScheduledRelease) => {
    if (record.state === 'failed') {
      console.error(
        `${record.failure} The publisher ${shown(record.by)} is told by e-mail; \`npm run editors -- log\` has the details.`,
      );
      return 1;
    }
    console.log(`Scheduled release ${record.id} is built and goes live ${await when(record.at)}.`);
    return 0;
  };
  switch (command) {
    case 'list': {
      const kept = await listReleases(where);
      if (!kept.length) {
        console.log(`No release yet in ${where.releasesDir}: the server serves ${config.distDir}.`);
        return 0;
      }
      for (const release of kept)
        console.log(
          [
            release.live ? '* live' : '      ',
            release.id,
            release.at ? release.at.slice(0, 16).replace('T', ' ') : '?',
            shown(release.by) || '(first set up)',
            release.commit.slice(0, 12) || '(no commit)',
            ...(release.approvedBy ? [`approved by ${shown(release.approvedBy)}`] : []),
          ].join('  '),
        );
      return 0;
    }
    case 'rollback': {
      const [id] = rest;
      if (!id || rest.length > 1) throw new Error(`Say which release: npm run releases -- rollback ID.\n${usage}`);
      const info = await rollback({ ...where, id });
      await appendAudit(config.dataDir, { who: 'owner', action: 'rollback', detail: `release ${info.id}` });
      console.log(`Release ${info.id} is live again${info.by ? ` (published by ${shown(info.by)})` : ''}.`);
      await followArticles(scheduling);
      return 0;
    }
    case 'publish': {
      const by = values.by ?? 'owner';
      const commit = values.commit ? await resolveCommit(root, values.commit) : await headCommit(root);
      const approvedBy = await approvalFor(approvalPlace, commit, config.approvalRequired === true);
      const result = await publish({
        root,
        ...where,
        by,
        approvedBy,
        commit,
        distDir: config.distDir,
        push: config.publishPush,
        onStep: (step) => console.log(`${step.step}${step.detail ? `: ${step.detail}` : ''}`),
      });
      if (!result.ok) {
        await appendAudit(config.dataDir, { who: 'owner', action: 'publish-failed', detail: result.reason });
        console.error(`${result.reason}\n${result.messages.join('\n')}`);
        return 1;
      }
      const pushed = result.push ? `; push to ${result.push.to} ${result.push.ok ? 'done' : 'failed'}` : '';
      await appendAudit(config.dataDir, { who: 'owner', action: 'publish', detail: `release ${result.id}${pushed}` });
      console.log(`Release ${result.id} is live.`);
      await followArticles(scheduling);
      if (result.push?.ok === false) {
        console.error(
          `The push to ${result.push.to} failed (the release is live all the same):\n${result.push.message}`,
        );
        return 1;
      }
      if (result.push) console.log(`Pushed to ${result.push.to}.`);
      return 0;
    }
    case 'share':
    case 'shares':
    case 'revoke':
      return shareCommand(command, rest, values, config);
    case 'schedule': {
      if (rest.length) throw new Error(`Unexpected "${shown(rest[0])}".\n${usage}`);
      const at = await timeOf(values.at);
      const commit = values.commit ? await resolveCommit(root, values.commit) : await headCommit(root);
      const approvedBy = await approvalFor(approvalPlace, commit, config.approvalRequired === true);
      const { record, built: done } = await schedule(scheduling, {
        commit,
        approvedBy,
        at,
        by: values.by ?? 'owner',
      });
      console.log(`Building commit ${record.commit.slice(0, 12)} for ${await when(record.at)}…`);
      return built(await done);
    }
    case 'move': {
      const [id] = rest;
      if (!id || rest.length > 1)
        throw new Error(`Say which scheduled release: npm run releases -- move ID --at TIME.\n${usage}`);
      const at = await timeOf(values.at);
      const { built: done } = await moveSchedule(scheduling, id, at, values.by ?? 'owner');
      return built(await done);
    }
    case 'cancel': {
      const [id] = rest;
      if (!id || rest.length > 1)
        throw new Error(`Say which scheduled release: npm run releases -- cancel ID.\n${usage}`);
      const record = await cancelSchedule(scheduling, id, values.by ?? 'owner');
      console.log(`Scheduled release ${record.id}, for ${await when(record.at)}, is cancelled.`);
      return 0;
    }
    case 'scheduled': {
      const records = await scheduledReleases(scheduling);
      if (!records.length) console.log('No release is scheduled.');
      for (const record of records)
        console.log(
          [
            record.id,
            stateWords[record.state] + (record.late ? ' late (no server ran at its time)' : ''),
            await when(record.at),
            shown(record.by),
            record.article
              ? `"${shown(record.article.title)}" ${record.article.change === 'goes-live' ? 'goes live' : 'is taken down'}`
              : `commit ${record.commit.slice(0, 12)}`,
          ].join('  '),
        );
      return 0;
    }
    default:
      throw new Error(`Unknown command "${shown(command)}".\n${usage}`);
  }
}

const stateWords = {
  building: 'building',
  ready: 'waiting',
  failed: 'FAILED',
  live: 'went live',
  skipped: 'not needed',
} satisfies Record<ScheduledRelease['state'], string>;

/** The live release's next article time gets its release, built now (article-times.ts). */
async function followArticles(options: SchedulingOptions): Promise<void> {
  const made = await followArticleTimes(options);
  if (made?.article)
    console.log(
      `"${shown(made.article.title)}" ${made.article.change === 'goes-live' ? 'goes live' : 'is taken down'} at ${made.at}: ${made.state === 'ready' ? 'its release is built and scheduled' : 'its release could not be built'}.`,
    );
}

try {
  process.exitCode = await main();
} catch (error) {
  const message = (error as Error).message;
  console.error(
    error instanceof UnknownRelease
      ? `${message} \`npm run releases -- list\` shows the kept ones.`
      : error instanceof UnknownCommit
        ? `${shown(message)} \`git log\` shows the commits; nothing was published or shared.`
        : error instanceof ShareRefused
          ? shown(message)
          : error instanceof UnknownSchedule
            ? `${message} \`npm run releases -- scheduled\` lists them.`
            : message,
  );
  process.exitCode = 1;
}
