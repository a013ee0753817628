// The studio's requests that make a file: a new page or article (the drafts `npm run new` writes)
// and an uploaded image. Each is made exclusively (never over a file that exists) through the
// request's recorder, so on the server it is one commit, and a failed commit takes the file back.
import path from 'node:path';
import { siteFiles } from '../../shared/confined-files.ts';
import { removeFile } from '../../shared/confined-writes.ts';
import { createPost, newPage } from '../new.ts';
import { recorderFor, type SaveCommits } from './commit-save.ts';
import { checkedPath, createNew, StudioError } from './files.ts';
import { readBody, readJson, type FeatureRoutes } from './http.ts';
import { imageExtension, imageName, imageSize, maxUploadBytes } from './images.ts';

/** `made` is called after a file is made, so the site on disk is read anew. */
export function createRoutes(root: string, commits: SaveCommits | undefined, made: () => void): FeatureRoutes {
  const siteDir = path.join(root, 'site');
  const site = siteFiles(root);
  const underSite = (written: string) => path.relative(siteDir, written).split(path.sep).join('/');
  /** Takes back the files a request created, when their commit failed. */
  const unmake = (files: string[]) => async () => {
    for (const file of files) await removeFile(site, file);
  };
  return async (req, route, url) => {
    switch (route) {
      case 'POST /new': {
        const record = recorderFor(req, commits);
        const { kind, address, title } = await readJson<{ kind: 'page' | 'article'; address: string; title: string }>(
          req,
        );
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
        made();
        return { status: 201, body: { file: underSite(created.file) } };
      }
      case 'POST /upload': {
        const record = recorderFor(req, commits);
        const body = await readBody(req, maxUploadBytes + 1);
        const name = imageName(url.searchParams.get('name') ?? 'image', imageExtension(body));
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
              `site/${relative} already exists; choose it from the images or rename your file.`,
            ),
          files: () => [relative],
          undo: unmake([relative]),
        });
        made();
        return { status: 201, body: { src: `/${relative}`, ...size } };
      }
      default:
        return undefined;
    }
  };
}
