// The studio's translation requests: the languages an entry is translated into with how far, one
// language's translation beside the original, and saving it through the request's recorder (on
// the server one commit by the signed-in editor), which also ends the editor's draft of it.
import type { FastifyInstance } from 'fastify';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import type { TranslationSave } from '../../shared/translation-protocol.ts';
import {
  fileQuery,
  translationQuery,
  translationSaveBody,
  type FileQuery,
  type TranslationQuery,
} from './api-schemas.ts';
import { recorderFor, type SaveCommits } from './commit-save.ts';
import type { DraftStore } from './draft-store.ts';
import type { StudioState } from './studio-state.ts';
import { saveTranslation } from './translation-save.ts';
import { openTranslatable, translationLanguages, translationView } from './translation-view.ts';

export async function translationRoutes(
  app: FastifyInstance,
  { state, commits, drafts }: { state: StudioState; commits?: SaveCommits; drafts?: DraftStore },
) {
  const root = state.root;

  app.get<{ Querystring: FileQuery }>(
    '/translation/languages',
    { schema: { querystring: fileQuery } },
    async (request) => translationLanguages(root, request.query.file),
  );

  app.get<{ Querystring: TranslationQuery }>(
    '/translation',
    { schema: { querystring: translationQuery } },
    async (request) => translationView(root, await openTranslatable(root, request.query.file, request.query.language)),
  );

  app.post<{ Querystring: TranslationQuery; Body: TranslationSave }>(
    '/translation/save',
    { schema: { querystring: translationQuery, body: translationSaveBody } },
    async (request) => {
      const { file, language } = request.query;
      const record = recorderFor(request.raw, commits);
      await saveTranslation(root, file, language, request.body, record);
      // The content list counts the translations of the saved site.
      state.forgetSaved();
      const saved = await openTranslatable(root, file, language);
      // Saved, the editor's unsaved work on this translation is no longer unsaved: a draft left
      // behind (its page closed before it could drop it) would be offered again over the save.
      const editor = editorOf(request.raw)?.email;
      if (drafts && editor) await drafts.remove(editor, saved.target).catch(() => undefined);
      return translationView(root, saved);
    },
  );
}
