// The studio's scheduled releases on the server: the list on the site's clock (everyone signed in),
// and, for a publisher only, Schedule (the commit whose changes were shown, refused in words when a
// save was made since or the time cannot be used), Move and Cancel. The build runs in the
// background; the list says "getting ready" until it is done, and a failure is mailed. This plugin
// also keeps the articles' own times scheduled (article-times.ts): at start and every little while,
// which is how a publish or roll-back made since is caught up with.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import type { Editor } from '../../server/studio-access/editors.ts';
import { ScheduleBusy } from '../../server/releases/scheduler.ts';
import type { ScheduledRelease } from '../../server/releases/scheduled.ts';
import type { ScheduledAnswer, ScheduleView } from '../../shared/scheduling.ts';
import { describeTime, offsetText, placeOf, readScheduleTime, wallClockText } from '../../shared/site-time.ts';
import { followArticleTimes, resumeBuilds } from '../publish/article-times.ts';
import {
  cancelSchedule,
  moveSchedule,
  schedule,
  scheduledReleases,
  UnknownSchedule,
  type SchedulingOptions,
} from '../publish/schedule.ts';
import { siteClock } from '../publish/site-clock.ts';
import { StudioError } from './files.ts';
import { approvalOrRefusal, type PublishingOptions } from './publish-routes.ts';
import { heldBackSchema, reviewedRelease } from './release-choice.ts';

/** How often the articles' own times are looked at. */
const FOLLOW_EVERY_MS = 30_000;
/** Schedules gone live, failed or not needed stay listed this long. */
const SHOWN_AFTER_MS = 7 * 86_400_000;

const stateWords = {
  building: 'getting-ready',
  ready: 'waiting',
  failed: 'failed',
  live: 'live',
  skipped: 'not-needed',
} as const satisfies Record<ScheduledRelease['state'], ScheduleView['state']>;

/** `commit` and `at` are judged by the handler, which says in words what is wrong with them. */
const scheduleBody = {
  type: 'object',
  properties: { commit: {}, at: {}, holdBack: heldBackSchema },
  additionalProperties: false,
} as const;

const publisherOnly = 'Only a publisher can schedule a release. Ask the site owner to make you one.';

export async function scheduleRoutes(
  app: FastifyInstance,
  options: SchedulingOptions & Pick<PublishingOptions, 'approvalRequired' | 'distDir'>,
) {
  const { root } = options;
  const now = () => options.now?.() ?? Date.now();
  const signedIn = (req: IncomingMessage): Editor => {
    const editor = editorOf(req);
    if (!editor) throw new StudioError(401, 'You are not signed in. Sign in again to schedule.');
    return editor;
  };
  const publisher = (req: IncomingMessage): Editor => {
    const editor = signedIn(req);
    if (editor.role !== 'publisher') throw new StudioError(403, publisherOnly);
    return editor;
  };
  const timeOf = async (input: unknown) => {
    const read = readScheduleTime(input, (await siteClock(root)).timeZone, now());
    if (!read.ok) throw new StudioError(400, read.error);
    return read.ms;
  };
  const refusal = (error: unknown): never => {
    if (error instanceof UnknownSchedule) throw new StudioError(404, error.message);
    if (error instanceof ScheduleBusy) throw new StudioError(409, error.message);
    throw error;
  };
  // Builds ahead run in the background; the studio closes once they have ended, so it never
  // leaves a release's folder half written behind it.
  const building = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => void (await Promise.allSettled(building)));
  const logged = (built: Promise<unknown>) => {
    const watched = built
      .catch((error: unknown) =>
        app.log.error(`studio: a scheduled release could not be built: ${(error as Error).message}`),
      )
      .finally(() => building.delete(watched));
    building.add(watched);
  };

  async function answer(): Promise<ScheduledAnswer> {
    const { timeZone } = await siteClock(root);
    const at = now();
    const schedules = (await scheduledReleases(options))
      .filter(
        (record) =>
          record.state === 'building' || record.state === 'ready' || Date.parse(record.at) > at - SHOWN_AFTER_MS,
      )
      .map((record): ScheduleView => ({
        id: record.id,
        at: record.at,
        when: describeTime(Date.parse(record.at), timeZone, at),
        local: wallClockText(Date.parse(record.at), timeZone),
        by: record.by,
        state: stateWords[record.state],
        ...(record.late && { late: true }),
        ...(record.article && { article: record.article }),
        ...(record.failure && { failure: record.failure }),
      }));
    return {
      zone: `${placeOf(at, timeZone)}, ${offsetText(at, timeZone)}`,
      now: wallClockText(at, timeZone),
      schedules,
    };
  }

  app.get('/scheduled', async (request) => {
    signedIn(request.raw);
    return answer();
  });

  app.post<{ Body: { commit?: unknown; at?: unknown; holdBack?: string[] } | undefined }>(
    '/schedule',
    // Who may schedule is answered before what the request asks is judged.
    { schema: { body: scheduleBody }, preValidation: async (request) => void publisher(request.raw) },
    async (request, reply) => {
      const editor = publisher(request.raw);
      const commit = await reviewedRelease(options, request.body?.commit, request.body?.holdBack);
      // What goes live at its time must be approved now, where approval is required.
      const approvedBy = await approvalOrRefusal(options, commit);
      const at = await timeOf(request.body?.at);
      const { built } = await schedule(options, { commit, at, by: editor.email, approvedBy });
      logged(built);
      return reply.code(202).send(await answer());
    },
  );

  app.post<{ Params: { id: string }; Body: { at?: unknown } | undefined }>('/scheduled/:id/move', async (request) => {
    const editor = publisher(request.raw);
    const at = await timeOf(request.body?.at);
    const { built } = await moveSchedule(options, request.params.id, at, editor.email).catch(refusal);
    logged(built);
    return answer();
  });

  app.post<{ Params: { id: string } }>('/scheduled/:id/cancel', async (request) => {
    const editor = publisher(request.raw);
    await cancelSchedule(options, request.params.id, editor.email).catch(refusal);
    return answer();
  });

  // The articles' own times: builds a stopped server left half done first, then the live release's next time.
  let following = resumeBuilds(options).then(() => followArticleTimes(options));
  const follow = () => {
    following = following
      .catch(() => undefined)
      .then(() => followArticleTimes(options))
      .catch((error: unknown) => {
        app.log.error(`studio: an article's time could not be scheduled: ${(error as Error).message}`);
        return undefined;
      });
  };
  follow();
  const timer = setInterval(follow, FOLLOW_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
