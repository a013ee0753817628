// The studio's requests that make a file: a new page or article (the drafts `npm run new` writes)
// and an uploaded image. Each is made exclusively (never over a file that exists) through the
// request's recorder, so on the server it is one commit, and a failed commit takes the file back.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { siteFiles } from '../../shared/confined-files.ts';
import { removeFile } from '../../shared/confined-writes.ts';
import { createPost, newPage } from '../new.ts';
import { recorderFor, type SaveCommits } from './commit-save.ts';
import { checkedPath, createNew, StudioError } from './files.ts';
import type { StudioState } from './studio-state.ts';
import { imageExtension, imageName, imageSize, maxUploadBytes } from './images.ts';

interface NewEntry {
  kind: 'page' | 'article';
  address: string;
  title: string;
}

const newEntryBody = {
  type: 'object',
  properties: {
    kind: { enum: ['page', 'article'] },
    address: { type: 'string' },
    title: { type: 'string' },
  },
  required: ['kind', 'address', 'title'],
} as const;

/** After a file is made, the saved site is read anew. */
export async function createRoutes(app: FastifyInstance, options: { state: StudioState; commits?: SaveCommits }) {
  const { state, commits } = options;
  const root = state.root;
  const siteDir = path.join(root, 'site');
  const site = siteFiles(root);
  const underSite = (written: string) => path.relative(siteDir, written).split(path.sep).join('/');
  /** Takes back the files a request created, when their commit failed. */
  const unmake = (files: string[]) => async () => {
    for (const file of files) await removeFile(site, file);
  };
  app.post<{ Body: NewEntry }>('/new', { schema: { body: newEntryBody } }, async (request, reply) => {
    const record = recorderFor(request.raw, commits);
    const { kind, address, title } = request.body;
    const created = await record({
      write: () =>
        kind === 'article'
          ? createPost(root, address, title)
          : newPage(root, address, title).then((written) => ({ file: written, written: [underSite(written)] })),
      files: (done) => done.written,
      undo: (done) => unmake(done.written)(),
    }).catch((error: unknown) => {
      throw error instanceof StudioError ? error : new StudioError(400, (error as Error).message);
    });
    state.forgetSaved();
    return reply.code(201).send({ file: underSite(created.file) });
  });

  // The image's bytes as they are (any type: they are told by their content), up to one byte past
  // the limit, so a file too large is refused by the image's own words rather than the body limit.
  app.post<{ Querystring: { name?: string }; Body: Buffer }>(
    '/upload',
    { bodyLimit: maxUploadBytes + 1 },
    async (request, reply) => {
      const record = recorderFor(request.raw, commits);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const name = imageName(request.query.name ?? 'image', imageExtension(body));
      // Its real size goes into the image's width and height fields, not the size of the one it replaces.
      const size = await imageSize(body);
      const relative = `images/${name}`;
      // Created exclusively: of two uploads of one name, the second is refused, never written over the first.
      await record({
        write: () =>
          createNew(
            site,
            checkedPath(site, relative),
            body,
            `An image called “${path.posix.basename(relative)}” is already there; choose it from the images or rename your file.`,
          ),
        files: () => [relative],
        undo: unmake([relative]),
      });
      state.forgetSaved();
      return reply.code(201).send({ src: `/${relative}`, ...size });
    },
  );
}
