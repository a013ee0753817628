// `npm run releases -- <command>`: the operator's view of the published releases, beside the
// studio's Publish and Roll back: list them, make a kept one live again, or publish the checkout
// from the command line. Reads the environment as the server does (DATA_DIR, RELEASES_DIR,
// PUBLISH_PUSH); safe while the server runs (one publish or roll-back at a time, across processes).
// A publish or roll-back made here is in the audit log as "owner".
import path from 'node:path';
import { parseArgs } from 'node:util';
import { configFromEnv } from '../server/config.ts';
import { appendAudit } from '../server/studio-access/audit.ts';
import { UnknownCommit } from './publish/git.ts';
import { listReleases, publish, rollback, UnknownRelease } from './publish/publish.ts';
import { ShareRefused } from './publish/share.ts';
import { shareCommand } from './publish/share-commands.ts';

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
Reads DATA_DIR (default ./var) and RELEASES_DIR (default DATA_DIR/releases), as the server does.`;

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
      return 0;
    }
    case 'publish': {
      const by = values.by ?? 'owner';
      const result = await publish({
        root: path.resolve('.'),
        ...where,
        by,
        commit: values.commit,
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
    default:
      throw new Error(`Unknown command "${shown(command)}".\n${usage}`);
  }
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
          : message,
  );
  process.exitCode = 1;
}
