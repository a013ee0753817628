// The studio's API under /_studio/api/: one Fastify plugin, its routes declared per feature with
// the schemas of what they take, one authentication hook (the studio page's key, and on the laptop
// its address) and one error shape (api-errors.ts).
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { studioErrorHandler } from './api-errors.ts';
import type { SaveCommits } from './commit-save.ts';
import { createRoutes } from './create-routes.ts';
import { draftRoutes } from './draft-routes.ts';
import { DraftStore } from './draft-store.ts';
import { entryRoutes } from './entry-routes.ts';
import { eventRoutes } from './event-routes.ts';
import { historyRoutes } from './history-routes.ts';
import { leadRoutes } from './lead-routes.ts';
import { presenceRoutes } from './presence-routes.ts';
import { publishRoutes, type PublishingOptions } from './publish-routes.ts';
import { renameRoutes } from './rename-routes.ts';
import { reviewRoutes } from './review-routes.ts';
import { shareRoutes } from './share-routes.ts';
import { scheduleRoutes } from './schedule-routes.ts';
import { teamReviewRoutes } from './team-review-routes.ts';
import { translationDraftRoutes } from './translation-draft-routes.ts';
import { translationRoutes } from './translation-routes.ts';
import type { StudioState } from './studio-state.ts';

export interface StudioApiOptions {
  state: StudioState;
  /** Refuses (throws a StudioError) a request that is not the studio page's own. */
  authenticate: (request: IncomingMessage) => void;
  /** On the server: every write is a commit by the signed-in editor (commit-save.ts). */
  commits?: SaveCommits;
  /** On the server: what is unpublished, publish, releases and roll back, shared previews. */
  publishing?: PublishingOptions;
  /** On the server: DATA_DIR/drafts, where each editor's unsaved drafts are kept. */
  draftsDir?: string;
  /** Inside `npm start`, behind the sign-in gate. */
  onServer?: boolean;
}

export async function studioApi(app: FastifyInstance, options: StudioApiOptions) {
  const { state, commits } = options;
  const root = state.root;
  app.setErrorHandler(studioErrorHandler);
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: `No such studio request: ${request.method} ${request.url.split('?')[0]}.` }),
  );
  app.addHook('onRequest', async (request) => options.authenticate(request.raw));
  // An entry's edit may be long (an article); an upload and a draft set their own limits.
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= 2 * 1024 * 1024;
  });
  // An upload is the image's bytes as they are; everything else is JSON.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  await app.register(entryRoutes, { state, commits });
  await app.register(reviewRoutes, { state, commits });
  await app.register(eventRoutes, { state });
  await app.register(createRoutes, { state, commits });
  await app.register(renameRoutes, { state, commits });
  await app.register(historyRoutes, { state, commits });
  // A translation's draft is kept in the entries' drafts folder, by the same rules.
  const drafts = options.draftsDir ? new DraftStore(options.draftsDir) : undefined;
  await app.register(translationRoutes, { state, commits, drafts });
  await app.register(translationDraftRoutes, { root, store: drafts });
  await app.register(draftRoutes, { root, dir: options.draftsDir });
  await app.register(presenceRoutes, { root, onServer: options.onServer, commits });
  if (options.publishing) {
    await app.register(publishRoutes, { root, ...options.publishing });
    const { dataDir, releasesDir, publicUrl } = options.publishing;
    await app.register(shareRoutes, { root, dataDir, releasesDir, publicUrl });
    await app.register(scheduleRoutes, { root, ...options.publishing });
    await app.register(teamReviewRoutes, { root, ...options.publishing });
    await app.register(leadRoutes, { dataDir, state });
  }
}
