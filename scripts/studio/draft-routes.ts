// The studio's draft requests. `GET drafts` tells the page where its drafts are kept:
// in the browser for the laptop studio, on the server for the studio inside `npm start`, where
// `GET draft`, `POST draft` and `POST draft/drop` read, keep and remove the signed-in editor's
// draft of one entry (draft-store.ts). Everything that comes in is checked before it is kept.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteFiles } from '../../shared/confined-files.ts';
import type { DraftPlace, Json, StoredDraft } from '../../shared/studio-protocol.ts';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import { maxDraftBytes, DraftStore } from './draft-store.ts';
import { editableEntryKind } from './entries.ts';
import { asStudioError, checkedPath, StudioError } from './files.ts';
import { plainName } from './entry-name.ts';

export interface DraftRoutesOptions {
  /** The folder that holds site/. */
  root: string;
  /** DATA_DIR/drafts on the server; undefined in the laptop studio (drafts stay in the browser). */
  dir?: string;
  /** The most drafts an editor keeps (tests lower it). */
  maxDrafts?: number;
}

const ownerKey = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

type FileRequest = FastifyRequest<{ Querystring: { file?: string } }>;

export async function draftRoutes(app: FastifyInstance, options: DraftRoutesOptions) {
  const store = options.dir ? new DraftStore(options.dir, options.maxDrafts) : undefined;
  const site = siteFiles(options.root);
  const mapped = async <T>(work: () => Promise<T>): Promise<T> =>
    work().catch((error: unknown) => {
      throw asStudioError(error);
    });
  /** The signed-in editor's store and the entry asked about, else a refusal. */
  const editorsDraft = (request: FileRequest) => {
    if (!store) throw new StudioError(404, 'The laptop studio keeps drafts in this browser, not on the server.');
    const editor = editorOf(request.raw)?.email;
    if (!editor) throw new StudioError(403, 'Drafts are kept for a signed-in editor only: sign in again.');
    return { store, editor, file: entryFile(site, request.query.file ?? '') };
  };

  app.get('/drafts', async (request): Promise<DraftPlace> => {
    const editor = editorOf(request.raw)?.email;
    return store && editor
      ? { where: 'server', owner: ownerKey(`editor\0${editor}`) }
      : { where: 'browser', owner: ownerKey(`project\0${options.root}`) };
  });
  app.get('/draft', async (request: FileRequest) => {
    const { store, editor, file } = editorsDraft(request);
    return mapped(async () => (await store.read(editor, file)) ?? null);
  });
  app.post('/draft/drop', async (request: FileRequest) => {
    const { store, editor, file } = editorsDraft(request);
    await mapped(() => store.remove(editor, file));
    return {};
  });
  app.post(
    '/draft',
    { bodyLimit: maxDraftBytes },
    async (request: FastifyRequest<{ Querystring: { file?: string }; Body: unknown }>) => {
      const { store, editor, file } = editorsDraft(request);
      await mapped(() => store.write(editor, storedDraft(file, request.body)));
      return {};
    },
  );
}

/** A path under site/ of a content file the studio edits, else a refusal. */
function entryFile(site: ReturnType<typeof siteFiles>, file: string): string {
  const checked = checkedPath(site, file);
  if (!editableEntryKind(checked))
    throw new StudioError(404, `${plainName(checked)} is not something the studio edits.`);
  return checked;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalText = (value: unknown) => value === undefined || typeof value === 'string';

/** The request's draft of `file`, checked field by field; a refusal says what is wrong. */
export function storedDraft(file: string, value: unknown): StoredDraft {
  const refuse = (why: string) => new StudioError(400, `The draft was not kept: ${why}`);
  if (!isObject(value)) throw refuse('it is not an object.');
  const { base, draft, at } = value;
  if (typeof at !== 'number' || !Number.isFinite(at) || at <= 0) throw refuse('its time is not a time.');
  if (!isObject(draft) || draft.data === undefined || !optionalText(draft.body))
    throw refuse('its edit has no data, or a body that is not text.');
  if (!isObject(base) || base.file !== file) throw refuse(`its base is not site/${file}.`);
  if (base.kind !== editableEntryKind(file))
    throw refuse(`its base is not the ${editableEntryKind(file)} site/${file} is.`);
  if (typeof base.version !== 'string' || !/^[0-9a-f]{1,64}$/.test(base.version))
    throw refuse('its base has no version.');
  if (typeof base.title !== 'string' || !optionalText(base.route)) throw refuse('its base has no title.');
  if (base.data === undefined || !optionalText(base.body)) throw refuse('its base has no data.');
  return {
    file,
    base: {
      file,
      kind: editableEntryKind(file)!,
      title: base.title,
      ...(base.route !== undefined && { route: base.route as string }),
      version: base.version,
      data: base.data as Json,
      ...(base.body !== undefined && { body: base.body as string }),
    },
    draft: { data: draft.data as Json, ...(draft.body !== undefined && { body: draft.body as string }) },
    at,
  };
}
