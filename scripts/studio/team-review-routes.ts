// Reviews before going live, in the studio on the server: an editor asks the publishers to review
// the saved changes with a message (each publisher is mailed a link to the review); anyone signed in
// leaves a note at a change, which its editor finds at that field; a publisher approves or asks for
// changes. A decision is of the version the reviewer was shown (refused when a save was made
// since), and nobody decides on changes they made themselves. Each request, note and decision goes
// to the audit log; the decision is mailed to the editor who asked.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JSONSchemaType } from 'ajv';
import { appendAudit } from '../../server/studio-access/audit.ts';
import { readEditors, type Editor } from '../../server/studio-access/editors.ts';
import { linkOrigin } from '../../server/studio-access/links.ts';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import { sender } from '../../server/leads/compose.ts';
import { studioPath } from '../../shared/studio-protocol.ts';
import {
  reviewTextMax,
  type ReviewAsk,
  type ReviewDecision,
  type ReviewDecisionAsk,
  type ReviewNote,
  type ReviewNoteAsk,
  type ReviewRecord,
  type ReviewsAnswer,
  type ReviewView,
} from '../../shared/team-review.ts';
import type { SendMailOptions } from 'nodemailer';
import { authorsOf, liveCommit } from '../publish/approval.ts';
import { headCommit, isAncestor } from '../publish/git.ts';
import { composedOf } from '../publish/held-languages.ts';
import { composeDecisionMail, composeReviewAskedMail } from '../publish/review-mail.ts';
import { siteClock, type SiteClock } from '../publish/site-clock.ts';
import { changeReviews, newReviewId, readReviews, reviewIdPattern } from '../publish/team-reviews.ts';
import { StudioError } from './files.ts';
import type { PublishingOptions } from './publish-routes.ts';
import { reviewedVersion, stillCurrent } from './release-choice.ts';

/** The newest reviews answered: a person reads a few, and each costs a git process. */
const LISTED = 30;

const words = { type: 'string', minLength: 1, maxLength: reviewTextMax, pattern: '\\S' } as const;
const commit = { type: 'string', maxLength: 64 } as const;

const askBody: JSONSchemaType<ReviewAsk> = {
  type: 'object',
  properties: { commit, message: words },
  required: ['commit', 'message'],
  additionalProperties: false,
};
const noteBody: JSONSchemaType<ReviewNoteAsk> = {
  type: 'object',
  properties: {
    file: { type: 'string', minLength: 1, maxLength: 300 },
    path: {
      type: 'array',
      maxItems: 30,
      // The index first: Fastify coerces types, and the string first would read an index as a key.
      items: {
        anyOf: [
          { type: 'integer', minimum: 0 },
          { type: 'string', maxLength: 100 },
        ],
      },
    } as unknown as JSONSchemaType<ReviewNoteAsk['path']>,
    where: { type: 'string', minLength: 1, maxLength: 300 },
    text: words,
  },
  required: ['file', 'path', 'where', 'text'],
  additionalProperties: false,
};
const decisionBody: JSONSchemaType<ReviewDecisionAsk> = {
  type: 'object',
  properties: {
    commit,
    verdict: { type: 'string', enum: ['approved', 'changes-asked'] },
    note: { type: 'string', maxLength: reviewTextMax, nullable: true },
  },
  required: ['commit', 'verdict'],
  additionalProperties: false,
};
const idParams: JSONSchemaType<{ id: string }> = {
  type: 'object',
  properties: { id: { type: 'string', pattern: reviewIdPattern.source } },
  required: ['id'],
};

const publisherOnly = 'Only a publisher can approve changes or ask for more. Ask the site owner to make you one.';
const ownChanges =
  'You made some of these changes, so someone else must approve them: ask another publisher to review them.';
const gone = 'That review is not there any more.';
const askedAlready =
  'A review of these changes was already asked for: the publishers have its link. Open it under Reviews.';

export async function teamReviewRoutes(app: FastifyInstance, options: PublishingOptions & { root: string }) {
  const { root, dataDir } = options;
  const signedIn = (request: FastifyRequest): Editor => {
    const editor = editorOf(request.raw);
    if (!editor) throw new StudioError(401, 'You are not signed in. Sign in again to review changes.');
    return editor;
  };
  /** PUBLIC_URL, else the address asked on this machine, else the site's own address (site.yaml's url). */
  const reviewLink = (request: FastifyRequest, id: string, site: SiteClock) => {
    const origin = linkOrigin(request, options.publicUrl) ?? new URL(site.url).origin;
    return `${origin}${studioPath}?${new URLSearchParams({ review: id })}`;
  };
  /** Sends after the answer: a slow mail server holds up no request; a failure is logged. */
  const mail = (request: FastifyRequest, compose: (site: SiteClock) => SendMailOptions[]) => {
    const { mailer, from } = options.mail ?? {};
    if (!mailer) return;
    void siteClock(root)
      .then((site) =>
        Promise.all(
          compose(site).map((message) =>
            mailer.send({ ...message, from: sender(from, { name: site.name, url: site.url, email: '' }) }),
          ),
        ),
      )
      .catch((error: unknown) =>
        request.log.error(`studio: a review's mail was not sent: ${(error as Error).message}`),
      );
  };

  async function view(review: ReviewRecord, head: string, live: string | undefined): Promise<ReviewView> {
    const held = (await composedOf(root, review.commit))?.holdBack;
    return held ? { ...(await stateOf(review, head, live)), holdBack: held } : stateOf(review, head, live);
  }

  async function stateOf(review: ReviewRecord, head: string, live: string | undefined): Promise<ReviewView> {
    const last = review.decisions.at(-1);
    const shown = last?.commit ?? review.commit;
    if (live && (await isAncestor(root, shown, live))) return { ...review, state: 'live' };
    if (!last) return { ...review, state: 'waiting' };
    if (last.verdict === 'changes-asked') return { ...review, state: 'changes-asked' };
    return { ...review, state: (await stillCurrent(options, last.commit, head)) ? 'approved' : 'saved-since' };
  }

  async function answer(): Promise<ReviewsAnswer> {
    const [reviews, head, live] = await Promise.all([readReviews(dataDir), headCommit(root), liveCommit(options)]);
    const views: ReviewView[] = [];
    for (const review of reviews.slice(0, LISTED)) views.push(await view(review, head, live));
    return { required: options.approvalRequired === true, reviews: views };
  }

  /** Changes one review under the list's lock; refused (404) when it is not there. */
  const changeReview = (id: string, edit: (review: ReviewRecord) => ReviewRecord) =>
    changeReviews(dataDir, (reviews) => {
      const found = reviews.find((review) => review.id === id);
      if (!found) throw new StudioError(404, gone);
      const changed = edit(found);
      return { reviews: reviews.map((review) => (review === found ? changed : review)), result: changed };
    });

  app.get('/reviews', async (request) => {
    signedIn(request);
    return answer();
  });

  app.post<{ Body: ReviewAsk }>('/reviews', { schema: { body: askBody } }, async (request, reply) => {
    const editor = signedIn(request);
    const shown = await reviewedVersion(options, request.body.commit);
    const live = await liveCommit(options);
    if (live && (await isAncestor(root, shown, live)))
      throw new StudioError(400, 'Nothing to review: visitors already see everything that was saved.');
    const review: ReviewRecord = {
      id: newReviewId(),
      by: editor.email,
      at: new Date().toISOString(),
      message: request.body.message.trim(),
      commit: shown,
      notes: [],
      decisions: [],
    };
    // One review per version: asking again for the same one would only mail the publishers again.
    await changeReviews(dataDir, (reviews) => {
      if (reviews.some((earlier) => earlier.commit === shown)) throw new StudioError(409, askedAlready);
      return { reviews: [review, ...reviews], result: undefined };
    });
    await appendAudit(dataDir, {
      who: editor.email,
      action: 'review-asked',
      detail: `review ${review.id} of ${shown.slice(0, 12)}: ${review.message}`,
    });
    const publishers = (await readEditors(dataDir)).filter(
      (person) => person.role === 'publisher' && person.email !== editor.email,
    );
    mail(request, (site) =>
      publishers.map((person) =>
        composeReviewAskedMail(review, person.email, reviewLink(request, review.id, site), site),
      ),
    );
    return reply.code(201).send(await view(review, shown, live));
  });

  app.post<{ Params: { id: string }; Body: ReviewNoteAsk }>(
    '/reviews/:id/notes',
    { schema: { params: idParams, body: noteBody } },
    async (request) => {
      const editor = signedIn(request);
      const { file, path, where, text } = request.body;
      const note: ReviewNote = {
        id: newReviewId(),
        by: editor.email,
        at: new Date().toISOString(),
        file,
        path,
        where,
        text: text.trim(),
      };
      await changeReview(request.params.id, (review) => ({ ...review, notes: [...review.notes, note] }));
      await appendAudit(dataDir, {
        who: editor.email,
        action: 'review-note',
        detail: `review ${request.params.id}, at ${where}: ${note.text}`,
      });
      return answer();
    },
  );

  app.post<{ Params: { id: string }; Body: ReviewDecisionAsk }>(
    '/reviews/:id/decision',
    { schema: { params: idParams, body: decisionBody } },
    async (request) => {
      const editor = signedIn(request);
      if (editor.role !== 'publisher') throw new StudioError(403, publisherOnly);
      if (!(await readReviews(dataDir)).some((review) => review.id === request.params.id))
        throw new StudioError(404, gone);
      const shown = await reviewedVersion(options, request.body.commit);
      const authors = await authorsOf(root, await liveCommit(options), shown);
      if (authors.has(editor.email.toLowerCase())) throw new StudioError(403, ownChanges);
      const note = request.body.note?.trim();
      const decision: ReviewDecision = {
        by: editor.email,
        at: new Date().toISOString(),
        verdict: request.body.verdict,
        commit: shown,
        ...(note && { note }),
      };
      const review = await changeReview(request.params.id, (found) => ({
        ...found,
        decisions: [...found.decisions, decision],
      }));
      await appendAudit(dataDir, {
        who: editor.email,
        action: decision.verdict === 'approved' ? 'review-approved' : 'review-changes-asked',
        detail: `review ${review.id}, version ${shown.slice(0, 12)}${note ? `: ${note}` : ''}`,
      });
      if (review.by !== editor.email)
        mail(request, (site) => [composeDecisionMail(review, decision, reviewLink(request, review.id, site), site)]);
      return answer();
    },
  );
}
