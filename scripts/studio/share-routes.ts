// The studio's shared previews on the server (`npm start`): make a link to the saved site (or one
// page of it) for people without an account, list the links with who made them and until when, and
// end one. Everyone signed in may share; an editor may end the links they made, a publisher any.
// Each link made or ended goes to the audit log. The build runs while the request waits (a minute
// at most for a site the build cache mostly knows); the link's token is answered once, here, and
// never kept.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JSONSchemaType } from 'ajv';
import { ShareLinks, shareState, shareUrl, type ShareRecord } from '../../server/previews/share-links.ts';
import { appendAudit } from '../../server/studio-access/audit.ts';
import type { Editor } from '../../server/studio-access/editors.ts';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import { shareDays, type ShareMade, type ShareRequest, type ShareView } from '../../shared/sharing.ts';
import { PublishBusy } from '../publish/lock.ts';
import { sharePreview, ShareRefused } from '../publish/share.ts';
import { StudioError } from './files.ts';

export interface ShareRoutesOptions {
  root: string;
  dataDir: string;
  /** RELEASES_DIR: a preview's build takes the publishes' lock there. */
  releasesDir?: string;
  /** PUBLIC_URL: links are made on it; without it the page puts its own address before the path. */
  publicUrl?: string;
  now?: () => number;
}

const shareBody: JSONSchemaType<ShareRequest> = {
  type: 'object',
  properties: {
    page: { type: 'string', nullable: true, pattern: '^/[^?#\\s]{0,300}$' },
    days: { type: 'integer', enum: [...shareDays] },
  },
  required: ['days'],
  additionalProperties: false,
};

const revokeBody: JSONSchemaType<{ id: string }> = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[0-9a-f]{12}$' } },
  required: ['id'],
  additionalProperties: false,
};

const iso = (ms: number) => new Date(ms).toISOString();

export function shareView(record: ShareRecord, now: number): ShareView {
  return {
    id: record.id,
    ...(record.page !== undefined && { page: record.page }),
    by: record.by,
    created: iso(record.created),
    expires: iso(record.expires),
    state: shareState(record, now),
    ...(record.revoked && { revokedBy: record.revoked.by }),
  };
}

export async function shareRoutes(app: FastifyInstance, options: ShareRoutesOptions) {
  const now = options.now ?? Date.now;
  const links = new ShareLinks(options.dataDir, now);
  const signedIn = (request: FastifyRequest): Editor => {
    const editor = editorOf(request.raw);
    if (!editor) throw new StudioError(401, 'You are not signed in. Sign in again to share a preview.');
    return editor;
  };
  const list = async () => (await links.list()).map((record) => shareView(record, now()));

  app.get('/shares', async (request) => {
    signedIn(request);
    return list();
  });

  app.post<{ Body: ShareRequest }>('/shares', { schema: { body: shareBody } }, async (request): Promise<ShareMade> => {
    const editor = signedIn(request);
    const { page, days } = request.body;
    const made = await sharePreview({
      root: options.root,
      dataDir: options.dataDir,
      releasesDir: options.releasesDir,
      by: editor.email,
      page,
      lastsMs: days * 24 * 3600_000,
      now,
    }).catch((error: unknown) => {
      if (error instanceof ShareRefused) throw new StudioError(400, 'That page is not part of the saved site.');
      if (error instanceof PublishBusy)
        throw new StudioError(
          409,
          'The site is being published just now. Make the preview link when that has finished.',
        );
      throw error;
    });
    if (!made.ok) {
      request.log.error(`studio: no preview link was made: ${[made.reason, ...made.messages].join('\n')}`);
      throw new StudioError(
        422,
        'No preview link was made: the saved site could not be prepared. If the studio shows problems, fix them and save; otherwise try again, and tell the site owner if it keeps failing.',
      );
    }
    await appendAudit(options.dataDir, {
      who: editor.email,
      action: 'share',
      detail: `preview ${made.record.id} of ${made.record.commit.slice(0, 12)}${page ? ` ${page}` : ''} until ${iso(made.record.expires)}`,
    });
    const path = shareUrl('', made.token, made.record.page);
    return { link: options.publicUrl ? `${options.publicUrl}${path}` : path, share: shareView(made.record, now()) };
  });

  app.post<{ Body: { id: string } }>('/shares/revoke', { schema: { body: revokeBody } }, async (request) => {
    const editor = signedIn(request);
    const record = (await links.list()).find((link) => link.id === request.body.id);
    if (!record) throw new StudioError(404, 'That preview link is not there any more.');
    if (editor.role !== 'publisher' && record.by !== editor.email)
      throw new StudioError(403, `Only ${record.by} or a publisher can stop this preview link.`);
    await links.revoke(record.id, editor.email);
    await appendAudit(options.dataDir, { who: editor.email, action: 'share-revoked', detail: `preview ${record.id}` });
    return list();
  });
}
