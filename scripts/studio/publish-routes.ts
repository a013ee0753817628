// The studio's publishing requests on the server (`npm start`): what is saved but not live, publish
// (in the background, its steps kept for the page to follow), the kept releases and roll back. Only a
// publisher publishes or rolls back (the role on the editors list, read by the gate for this very
// request); everyone signed in sees what is unpublished and the releases. Each publish, failed
// publish and roll-back goes to the audit log.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { PublishPush } from '../../server/config.ts';
import { appendAudit } from '../../server/studio-access/audit.ts';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import type { Editor } from '../../server/studio-access/editors.ts';
import type { PublishRun, PublishState, UnpublishedAnswer } from '../../shared/publishing.ts';
import { listReleases, publish, rollback, UnknownRelease } from '../publish/publish.ts';
import { PublishBusy } from '../publish/lock.ts';
import { compareInCommit } from './commit-compare.ts';
import { StudioError } from './files.ts';
import { unpublishedChanges } from './unpublished.ts';

export interface PublishingOptions {
  /** DATA_DIR (the audit log; the releases unless releasesDir says otherwise). */
  dataDir: string;
  releasesDir?: string;
  push?: PublishPush;
}

/** Without any release, the whole history is unpublished: only this many of the newest are listed. */
const NEWEST = 20;

const publisherOnly = 'Only a publisher can publish or roll back. Ask the site owner to make you one.';

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

  async function unpublished(): Promise<UnpublishedAnswer> {
    const live = (await listReleases(releases)).find((release) => release.live);
    const since = live?.commit || undefined;
    const changes = await unpublishedChanges(root, since);
    const listed = since ? changes : changes.slice(0, NEWEST);
    return {
      ...(live && { live }),
      changes: await Promise.all(
        listed.map(async (change) => ({
          ...change,
          files: await Promise.all(
            change.files.map(async (file) => ({
              ...(await compareInCommit(root, change.commit, file.file, { title: file.title })),
              diff: file.diff,
            })),
          ),
        })),
      ),
      ...(!since && changes.length > NEWEST && { newest: NEWEST }),
    };
  }

  function startPublish(editor: Editor): PublishRun {
    if (running) throw new StudioError(409, `${run?.by ?? 'Someone'} is publishing now. Wait for it to finish.`);
    running = true;
    const current: PublishRun = { by: editor.email, startedAt: new Date().toISOString(), steps: [] };
    run = current;
    publish({ root, ...releases, by: editor.email, push: options.push, onStep: (step) => current.steps.push(step) })
      .catch((error: unknown) => ({
        ok: false as const,
        reason: error instanceof PublishBusy ? error.message : 'The publish failed, so nothing was published.',
        messages: error instanceof PublishBusy ? [] : [(error as Error).message],
      }))
      .then(async (outcome) => {
        current.outcome = outcome;
        running = false;
        await appendAudit(options.dataDir, {
          who: editor.email,
          action: outcome.ok ? 'publish' : 'publish-failed',
          detail: outcome.ok ? `release ${outcome.id}` : [outcome.reason, ...outcome.messages].join('\n'),
        });
      })
      .catch((error: unknown) => console.error(`studio: the publish could not be logged: ${(error as Error).message}`));
    return current;
  }

  app.get('/publish', async (request): Promise<PublishState> => {
    const editor = signedIn(request.raw);
    return { editor: { email: editor.email, role: editor.role }, ...(run && { run }) };
  });

  app.post('/publish', async (request, reply) => reply.code(202).send({ run: startPublish(publisher(request.raw)) }));

  app.get('/releases', async (request) => {
    signedIn(request.raw);
    return listReleases(releases);
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
    return listReleases(releases);
  });

  app.get('/unpublished', async (request) => {
    signedIn(request.raw);
    return unpublished();
  });
}
