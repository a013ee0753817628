// The studio's entries: the list, one entry with its version, the contract and the lists its
// pickers offer, the live check of an unsaved edit (which becomes the window's preview when it is
// valid) and Save.
import type { FastifyInstance } from 'fastify';
import { siteFiles } from '../../shared/confined-files.ts';
import type { EntryEdit } from '../../shared/studio-protocol.ts';
import type { LoadResult } from '../content/load-site.ts';
import { composedSchemas, sectionSchemas, sectionTypes } from '../content/schemas.ts';
import { recorderFor, type SaveCommits } from './commit-save.ts';
import { editedText, editableEntryKind, judge, listEntries, readEntry, saveEntry } from './entries.ts';
import { checkedPath, readVersioned, StudioError } from './files.ts';
import { judgedAsMove } from './rename-routes.ts';
import { entryEditBody, fileQuery, previewWindow, saveBody, type FileQuery } from './api-schemas.ts';
import type { StudioState } from './studio-state.ts';
import { plainName } from './entry-name.ts';
import { withTranslations } from './entry-translations.ts';

export interface EntryRoutesOptions {
  state: StudioState;
  commits?: SaveCommits;
}

/** A section type's name as the studio shows it: its schema's title. */
function sectionTypeName(type: string): string {
  const title = (sectionSchemas().sections[type] as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? title : type;
}

/**
 * The addresses (with each section's anchor) and images a picker offers, from the saved site, and
 * each address's title as a person knows it: the page's or article's title, and for a section the
 * page's title with the section's heading (or, without one, its type's name).
 */
function lists({ model }: LoadResult) {
  if (!model) return { routes: [] as string[], titles: {} as Record<string, string>, images: [] as string[] };
  const titles: Record<string, string> = {};
  for (const page of model.pages) {
    titles[page.path] = page.title;
    for (const section of page.sections) {
      if (!section.id) continue;
      const heading = 'title' in section && typeof section.title === 'string' && section.title.trim();
      titles[`${page.path}#${section.id}`] = `${page.title} › ${heading || sectionTypeName(section.type)}`;
    }
  }
  for (const article of model.articles) titles[article.path] = article.title;
  return { routes: Object.keys(titles).sort(), titles, images: model.images };
}

export async function entryRoutes(app: FastifyInstance, { state, commits }: EntryRoutesOptions) {
  const root = state.root;
  const site = siteFiles(root);

  app.get('/entries', async () => withTranslations(await listEntries(site), await state.savedSite()));

  app.get<{ Querystring: FileQuery }>('/entry', { schema: { querystring: fileQuery } }, async (request) =>
    readEntry(site, request.query.file),
  );

  app.get('/schema', async () => ({
    schemas: Object.fromEntries(composedSchemas()),
    sectionTypes: sectionTypes(),
    ...lists(await state.savedSite()),
  }));

  // As they are saved now (after a new page, a save, an upload).
  app.get('/lists', async () => lists(await state.savedSite()));

  app.post<{ Querystring: FileQuery; Body: EntryEdit }>(
    '/check',
    { schema: { querystring: fileQuery, body: entryEditBody } },
    async (request) => {
      const file = checkedPath(site, request.query.file);
      const kind = editableEntryKind(file);
      if (!kind) throw new StudioError(404, `${plainName(file)} is not something the studio edits.`);
      const edit = request.body;
      const current = await readVersioned(site, file);
      const text = editedText(kind, current.text, edit);
      const verdict = await judgedAsMove(root, file, edit, await judge(root, file, text, await state.savedSite()));
      // A valid edit becomes this window's preview; an edit equal to the file ends it; an invalid
      // one leaves the last valid preview showing. The window's open pages hear of it at once.
      const window = previewWindow(request);
      if (window && text === current.text) state.endPreview(window);
      else if (window && verdict.result.model) state.setPreview(window, verdict.result.model);
      const previewing = window !== undefined && state.previewing(window);
      return { errors: verdict.errors, elsewhere: verdict.elsewhere, text, previewing };
    },
  );

  app.post<{ Querystring: FileQuery; Body: EntryEdit & { version: string } }>(
    '/save',
    { schema: { querystring: fileQuery, body: saveBody } },
    async (request) => {
      const record = recorderFor(request.raw, commits);
      const { version, ...edit } = request.body;
      const saved = await saveEntry(root, request.query.file, version, edit, record);
      const window = previewWindow(request);
      if (window) state.endPreview(window);
      state.forgetSaved();
      return saved;
    },
  );
}
