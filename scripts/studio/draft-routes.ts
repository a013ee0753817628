// The studio's draft requests. `GET drafts` tells the page where its drafts are kept:
// in the browser for the laptop studio, on the server for the studio inside `npm start`, where
// `GET draft`, `POST draft` and `POST draft/drop` read, keep and remove the signed-in editor's
// draft of one entry (draft-store.ts). Everything that comes in is checked before it is kept.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { siteFiles } from '../../shared/confined-files.ts';
import type { DraftPlace, Json, StoredDraft } from '../../shared/studio-protocol.ts';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import { maxDraftBytes, DraftStore } from './draft-store.ts';
import { editableEntryKind } from './entries.ts';
import { asStudioError, checkedPath, StudioError } from './files.ts';
import { readBody, type FeatureAnswer } from './http.ts';

export interface DraftRoutesOptions {
  /** The folder that holds site/. */
  root: string;
  /** DATA_DIR/drafts on the server; undefined in the laptop studio (drafts stay in the browser). */
  dir?: string;
  /** The most drafts an editor keeps (tests lower it). */
  maxDrafts?: number;
}

type Answer = FeatureAnswer;

const ownerKey = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

export function draftRoutes(options: DraftRoutesOptions) {
  const store = options.dir ? new DraftStore(options.dir, options.maxDrafts) : undefined;
  const site = siteFiles(options.root);
  return (req: IncomingMessage, route: string, url: URL): Promise<Answer> =>
    answer(req, route, url).catch((error: unknown) => {
      throw asStudioError(error);
    });
  async function answer(req: IncomingMessage, route: string, url: URL): Promise<Answer> {
    if (route === 'GET /drafts') {
      const editor = editorOf(req)?.email;
      const place: DraftPlace =
        store && editor
          ? { where: 'server', owner: ownerKey(`editor\0${editor}`) }
          : { where: 'browser', owner: ownerKey(`project\0${options.root}`) };
      return { status: 200, body: place };
    }
    if (route !== 'GET /draft' && route !== 'POST /draft' && route !== 'POST /draft/drop') return undefined;
    if (!store) throw new StudioError(404, 'The laptop studio keeps drafts in this browser, not on the server.');
    const editor = editorOf(req)?.email;
    if (!editor) throw new StudioError(403, 'Drafts are kept for a signed-in editor only: sign in again.');
    const file = entryFile(site, url.searchParams.get('file') ?? '');
    if (route === 'GET /draft') return { status: 200, body: (await store.read(editor, file)) ?? null };
    if (route === 'POST /draft/drop') {
      await store.remove(editor, file);
      return { status: 200, body: {} };
    }
    const body = await readBody(req, maxDraftBytes);
    await store.write(editor, storedDraft(file, body));
    return { status: 200, body: {} };
  }
}

/** A path under site/ of a content file the studio edits, else a refusal. */
function entryFile(site: ReturnType<typeof siteFiles>, file: string): string {
  const checked = checkedPath(site, file);
  if (!editableEntryKind(checked))
    throw new StudioError(404, `site/${checked} is not a content file the studio edits.`);
  return checked;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalText = (value: unknown) => value === undefined || typeof value === 'string';

/** The request's draft of `file`, checked field by field; a refusal says what is wrong. */
export function storedDraft(file: string, body: Buffer): StoredDraft {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new StudioError(400, 'The draft is not JSON.');
  }
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
