// The studio's review of what changed since the last commit: the changes, discarding a whole file
// or single changes of it, and an image as last committed (the review's "before").
import type { FastifyInstance } from 'fastify';
import type { JSONSchemaType } from 'ajv';
import type { DiscardRequest } from '../../shared/review.ts';
import { securityHeaders, headersForMediaType } from '../../server/security-headers.ts';
import { siteChanges } from './changes.ts';
import { recorderFor, type SaveCommits } from './commit-save.ts';
import { committedImage } from './committed-image.ts';
import { discard } from './discard.ts';
import { fileQuery, type FileQuery } from './api-schemas.ts';
import type { StudioState } from './studio-state.ts';

const discardBody: JSONSchemaType<DiscardRequest> = {
  type: 'object',
  properties: {
    file: { type: 'string' },
    version: { type: 'string', nullable: true },
    changes: { type: 'array', items: { type: 'integer', minimum: 0 }, nullable: true },
  },
  required: ['file'],
};

export async function reviewRoutes(app: FastifyInstance, options: { state: StudioState; commits?: SaveCommits }) {
  const { state, commits } = options;
  const root = state.root;

  app.get('/changes', async () => siteChanges(root));

  app.post<{ Body: DiscardRequest }>('/discard', { schema: { body: discardBody } }, async (request) => {
    // On the server a discard is a change like any other: committed by its editor, and audited.
    const answer = await discard(root, request.body, recorderFor(request.raw, commits));
    state.forgetSaved();
    return answer;
  });

  app.get<{ Querystring: FileQuery }>(
    '/committed-image',
    { schema: { querystring: fileQuery } },
    async (request, reply) => {
      const { type, body } = await committedImage(root, request.query.file);
      return reply
        .headers({
          ...securityHeaders,
          ...headersForMediaType(type),
          'content-type': type,
          'cache-control': 'no-store',
        })
        .send(body);
    },
  );
}
