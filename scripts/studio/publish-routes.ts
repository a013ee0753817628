// The studio's publishing requests on the server (`npm start`): what is saved but not live, publish
// (in the background, its steps kept for the page to follow), the kept releases and roll back. Only a
// publisher publishes or rolls back (the role on the editors list, read by the gate for this very
// request); everyone signed in sees what is unpublished and the releases. Each publish, failed
// publish and roll-back goes to the audit log. Publish names the commit whose changes the publisher
// was shown, and the languages that list held back (release-choice.ts); a save made since is refused
// (409), so nothing goes live unseen. The list of what is
// unpublished is bounded (the newest few, the rest counted) and computed once per saved and live
// state, one computation at a time, however many editors ask at once.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { PublishPush } from '../../server/config.ts';
import { appendAudit } from '../../server/studio-access/audit.ts';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import type { Editor } from '../../server/studio-access/editors.ts';
import { readBuildRecord } from '../../server/releases/store.ts';
import {
  unpublishedListed,
  type PublishRun,
  type PublishState,
  type UnpublishedAnswer,
} from '../../shared/publishing.ts';
import { listReleases, publish, rollback, UnknownRelease } from '../publish/publish.ts';
import { withChanges } from './release-changes.ts';
import { siteFiles } from '../../shared/confined-files.ts';
import { splitFormatted } from '../content/errors.ts';
import { listEntries } from './entries.ts';
import { plainName } from './entry-name.ts';
import { headCommit } from '../publish/git.ts';
import { releaseSpan } from '../publish/held-languages.ts';
import { PublishBusy } from '../publish/lock.ts';
import type { SchedulingOptions } from '../publish/schedule.ts';
import { approvalFor, NotApproved } from '../publish/approval.ts';
import { oneAtATime } from './one-at-a-time.ts';
import { compareInCommit } from './commit-compare.ts';
import { StudioError } from './files.ts';
import { countUnpublished, unpublishedChanges } from './unpublished.ts';
import { heldBackSchema, releaseChoice, reviewedRelease } from './release-choice.ts';

export interface PublishingOptions {
  /** DATA_DIR (the audit log; the releases unless releasesDir says otherwise). */
  dataDir: string;
  releasesDir?: string;
  /** DIST_DIR: the build served before the first publish, whose record says which commit it holds. */
  distDir?: string;
  push?: PublishPush;
  /** PUBLIC_URL: shared preview links are made on it. */
  publicUrl?: string;
  /** Where a scheduled release whose build failed is told to its publisher, and a review asked of the publishers. */
  mail?: SchedulingOptions['mail'];
  /** PUBLISH_NEEDS_APPROVAL: nothing goes live without the approval of someone who did not make it. */
  approvalRequired?: boolean;
}

/** The approver of `commit`, refused in words (409) when approval is required and it has none that counts. */
export async function approvalOrRefusal(
  options: PublishingOptions & { root: string },
  commit: string,
): Promise<string | undefined> {
  return approvalFor(options, commit, options.approvalRequired === true).catch((error: unknown) => {
    if (error instanceof NotApproved) throw new StudioError(409, error.message);
    throw error;
  });
}

const publisherOnly = 'Only a publisher can publish or roll back. Ask the site owner to make you one.';

/** `commit` is judged by the handler, which says in words what is wrong with it. */
const publishBody = {
  type: 'object',
  properties: { commit: {}, holdBack: heldBackSchema },
  additionalProperties: false,
} as const;
const unpublishedQuery = { type: 'object', properties: { hold: heldBackSchema }, additionalProperties: false } as const;

export async function publishRoutes(app: FastifyInstance, options: PublishingOptions & { root: string }) {
  const { root } = options;
  const releases = { dataDir: options.dataDir, releasesDir: options.releasesDir };
  /** The publish running now, or the last one: kept for the page that asks how it went. */
  let run: PublishRun | undefined;
  let running = false;

  const signedIn = (req: IncomingMessage): Editor => {
    const editor = editorOf(req);
    if (!editor) throw new StudioError(401, 'You are not signed in. Sign in again to publish.');
    return editor;
  };
  const publisher = (req: IncomingMessage): Editor => {
    const editor = signedIn(req);
    if (editor.role !== 'publisher') throw new StudioError(403, publisherOnly);
    return editor;
  };

  const computeOnce = oneAtATime<UnpublishedAnswer>();

  async function unpublished(holdBack: readonly string[]): Promise<UnpublishedAnswer> {
    const saved = await headCommit(root);
    const live = (await listReleases(releases)).find((release) => release.live);
    // Before the first publish, visitors see DIST_DIR: its build says which commit it holds, if any.
    const since =
      (live ? live.commit : options.distDir && (await readBuildRecord(options.distDir)).commit) || undefined;
    const key = JSON.stringify([saved, live?.id, since, [...holdBack].sort()]);
    return computeOnce(key, async () => {
      const { commit, languages } = await releaseChoice(root, { saved, live: since, holdBack });
      // The saves the release brings; only its paths when a language is held back, now or before.
      const { saved: upTo, paths } = commit ? await releaseSpan(root, since, commit) : { saved: '', paths: undefined };
      const range = { upTo: upTo || 'HEAD', paths };
      const [changes, total] = await Promise.all([
        unpublishedChanges(root, since, { ...range, newest: unpublishedListed }),
        countUnpublished(root, since, range),
      ]);
      // One change at a time (its files together): a few git processes at once, not one per file
      // of every change, so the public site answering beside it keeps its cores.
      const compared: UnpublishedAnswer['changes'] = [];
      for (const change of changes) {
        const files = await Promise.all(
          change.files.map(async (file) => ({
            ...(await compareInCommit(root, change.commit, file.file, { title: file.title })),
            diff: file.diff,
          })),
        );
        compared.push({ ...change, files });
      }
      return {
        ...(live && { live }),
        commit,
        changes: compared,
        earlier: Math.max(0, total - changes.length),
        ...(languages.length > 0 && { languages }),
        ...(!since && { sinceUnknown: true as const }),
      };
    });
  }

  /** The compiler's messages as the studio shows them: each names its entry by title, not its file and line. */
  async function byEntryTitle(messages: string[]): Promise<string[]> {
    const titles = new Map((await listEntries(siteFiles(root))).map((entry) => [entry.file, entry.title]));
    return messages.map((message) => {
      const split = splitFormatted(message);
      if (!split?.file.startsWith('site/')) return message;
      const file = split.file.slice('site/'.length);
      return `${titles.get(file) ?? plainName(file)}: ${split.words}`;
    });
  }

  function startPublish(editor: Editor, commit: string, approvedBy: string | undefined): PublishRun {
    if (running) throw new StudioError(409, `${run?.by ?? 'Someone'} is publishing now. Wait for it to finish.`);
    running = true;
    const current: PublishRun = { by: editor.email, startedAt: new Date().toISOString(), steps: [] };
    run = current;
    publish({
      root,
      ...releases,
      distDir: options.distDir,
      commit,
      by: editor.email,
      approvedBy,
      push: options.push,
      onStep: (step) => current.steps.push(step),
    })
      .catch((error: unknown) => ({
        ok: false as const,
        reason: error instanceof PublishBusy ? error.message : 'The publish failed, so nothing was published.',
        messages: error instanceof PublishBusy ? [] : [(error as Error).message],
      }))
      .then(async (outcome) => {
        current.outcome = outcome.ok ? outcome : { ...outcome, messages: await byEntryTitle(outcome.messages) };
        running = false;
        await appendAudit(options.dataDir, {
          who: editor.email,
          action: outcome.ok ? 'publish' : 'publish-failed',
          detail: outcome.ok
            ? `release ${outcome.id}${approvedBy ? `, approved by ${approvedBy}` : ''}`
            : [outcome.reason, ...outcome.messages].join('\n'),
        });
      })
      .catch((error: unknown) => console.error(`studio: the publish could not be logged: ${(error as Error).message}`));
    return current;
  }

  app.get('/publish', async (request): Promise<PublishState> => {
    const editor = signedIn(request.raw);
    return { editor: { email: editor.email, role: editor.role, leads: editor.leads === true }, ...(run && { run }) };
  });

  app.post<{ Body: { commit?: unknown; holdBack?: string[] } | undefined }>(
    '/publish',
    // Who may publish is answered before what the request asks is judged.
    { schema: { body: publishBody }, preValidation: async (request) => void publisher(request.raw) },
    async (request, reply) => {
      const editor = publisher(request.raw);
      const commit = await reviewedRelease(options, request.body?.commit, request.body?.holdBack);
      const approvedBy = await approvalOrRefusal(options, commit);
      return reply.code(202).send({ run: startPublish(editor, commit, approvedBy) });
    },
  );

  app.get('/releases', async (request) => {
    signedIn(request.raw);
    return withChanges(root, await listReleases(releases));
  });

  app.post<{ Body: { id?: unknown } | undefined }>('/rollback', async (request) => {
    const editor = publisher(request.raw);
    const id = request.body?.id;
    if (typeof id !== 'string') throw new StudioError(400, 'Say which release to roll back to.');
    // Asked first: with no release yet there is not even a folder to lock.
    if (!(await listReleases(releases)).some((release) => release.id === id))
      throw new StudioError(404, `There is no kept release "${id.slice(0, 40)}".`);
    const info = await rollback({ ...releases, id }).catch((error: unknown) => {
      if (error instanceof UnknownRelease) throw new StudioError(404, error.message);
      if (error instanceof PublishBusy) throw new StudioError(409, error.message);
      throw error;
    });
    await appendAudit(options.dataDir, { who: editor.email, action: 'rollback', detail: `release ${info.id}` });
    return withChanges(root, await listReleases(releases));
  });

  app.get<{ Querystring: { hold?: string[] } }>(
    '/unpublished',
    { schema: { querystring: unpublishedQuery }, preValidation: async (request) => void signedIn(request.raw) },
    async (request) => {
      signedIn(request.raw);
      return unpublished(request.query.hold ?? []);
    },
  );
}
