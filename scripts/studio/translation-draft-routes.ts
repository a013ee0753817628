// A translator's unsaved work in the translation view, kept on the server as their draft of that one
// translation: `GET translation/draft`, `POST translation/draft` and `POST translation/draft/drop`
// read, keep and remove the signed-in editor's draft of one language's translation of one entry.
// They use the entry drafts' store (draft-store.ts), named by the translation's file, so German and
// Urdu drafts of one page are apart, each editor's are their own, and the limits are the same.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TranslationDraft } from '../../shared/translation-protocol.ts';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import { translationDraftBody, translationQuery, type TranslationQuery } from './api-schemas.ts';
import { maxDraftBytes, type DraftStore } from './draft-store.ts';
import { asStudioError, StudioError } from './files.ts';
import { openTranslatable } from './translation-view.ts';

type DraftRequest = FastifyRequest<{ Querystring: TranslationQuery }>;

/** The signed-in editor and the draft's name (the translation's file), else a refusal. */
export async function translationDraftOf(
  root: string,
  store: DraftStore | undefined,
  request: DraftRequest,
): Promise<{ store: DraftStore; editor: string; target: string }> {
  if (!store) throw new StudioError(404, 'The laptop studio keeps drafts in this browser, not on the server.');
  const editor = editorOf(request.raw)?.email;
  if (!editor) throw new StudioError(403, 'Drafts are kept for a signed-in editor only: sign in again.');
  const { target } = await openTranslatable(root, request.query.file, request.query.language);
  return { store, editor, target };
}

export async function translationDraftRoutes(app: FastifyInstance, options: { root: string; store?: DraftStore }) {
  const mapped = async <T>(work: () => Promise<T>): Promise<T> =>
    work().catch((error: unknown) => {
      throw asStudioError(error);
    });
  const schema = { querystring: translationQuery };

  app.get<{ Querystring: TranslationQuery }>('/translation/draft', { schema }, async (request) => {
    const { store, editor, target } = await translationDraftOf(options.root, options.store, request);
    return mapped(async () => (await store.read<TranslationDraft>(editor, target)) ?? null);
  });
  app.post<{ Querystring: TranslationQuery }>('/translation/draft/drop', { schema }, async (request) => {
    const { store, editor, target } = await translationDraftOf(options.root, options.store, request);
    await mapped(() => store.remove(editor, target));
    return {};
  });
  app.post<{ Querystring: TranslationQuery; Body: TranslationDraft }>(
    '/translation/draft',
    { schema: { ...schema, body: translationDraftBody }, bodyLimit: maxDraftBytes },
    async (request) => {
      const { store, editor, target } = await translationDraftOf(options.root, options.store, request);
      await mapped(() => store.write(editor, { ...request.body, file: target }));
      return {};
    },
  );
}
