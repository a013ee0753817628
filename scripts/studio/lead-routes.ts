// The studio's leads inbox on the server: list (search, filters), open one, change its status or
// note, retry a failed delivery, export the list as CSV, erase a person's leads, and the Sources
// view (page views beside the leads each page brought). Only an editor the site owner gave the
// leads (`npm run editors -- add EMAIL --leads`) gets an answer; anyone else signed in gets 403.
// Status changes, retries, exports and erasures go to the audit log, never with a person's data.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eraseLeadsOf } from '../../server/leads/erase-leads.ts';
import { LeadRecordError, LeadRecords } from '../../server/leads/lead-records.ts';
import { dayOf, readPageViews } from '../../server/page-views.ts';
import { appendAudit } from '../../server/studio-access/audit.ts';
import type { Editor } from '../../server/studio-access/editors.ts';
import { editorOf } from '../../server/studio-access/request-editor.ts';
import { csvText } from '../../shared/csv.ts';
import { declaredLanguages } from '../../shared/lead-protocol.ts';
import {
  sourceDays,
  type InboxList,
  type InboxQuery,
  type LeadChange,
  type PageSources,
} from '../../shared/leads-inbox.ts';
import { StudioError } from './files.ts';
import { inboxCsvRows, leadDetail, queryLeads, type InboxSite } from './inbox-query.ts';
import {
  changeBody,
  csvAnswer,
  daysQuery,
  eraseAnswer,
  eraseBody,
  idParams,
  leadAnswer,
  listAnswer,
  queryString,
  sourcesAnswer,
} from './lead-schemas.ts';
import type { StudioState } from './studio-state.ts';

export interface LeadRoutesOptions {
  dataDir: string;
  state: StudioState;
}

/** The inbox lists this many at most; the search and filters find the rest, the export has them all. */
const LISTED = 200;

const fromLeadRecords = (error: unknown): never => {
  if (error instanceof LeadRecordError) throw new StudioError(error.kind === 'not-found' ? 404 : 409, error.message);
  throw error;
};

export async function leadRoutes(app: FastifyInstance, options: LeadRoutesOptions) {
  const { dataDir, state } = options;
  const records = new LeadRecords(dataDir);
  const people = new WeakMap<FastifyRequest, Editor>();
  const site = async (): Promise<InboxSite> => {
    const { model } = await state.savedSite();
    return { forms: model?.forms ?? [], languages: declaredLanguages(model?.settings.languages) };
  };

  // Before anything is read: signed in, and given the leads by the site owner.
  app.addHook('onRequest', async (request) => {
    const editor = editorOf(request.raw);
    if (!editor) throw new StudioError(401, 'You are not signed in. Sign in again to see the leads.');
    if (!editor.leads)
      throw new StudioError(
        403,
        'The leads are for the people the site owner has chosen. Ask them if you need to see the leads.',
      );
    people.set(request, editor);
  });
  const who = (request: FastifyRequest) => people.get(request)!.email;

  const matching = async (query: InboxQuery) => {
    const all = await records.list();
    const known = await site();
    return { all, known, found: queryLeads(all, known, query) };
  };

  app.get<{ Querystring: InboxQuery }>(
    '/leads',
    { schema: { querystring: queryString, response: listAnswer } },
    async (request) => {
      const { all, known, found } = await matching(request.query);
      const sources = new Set(queryLeads(all, known, {}).map(({ summary }) => summary.source));
      return {
        leads: found.slice(0, LISTED).map(({ summary }) => summary),
        total: found.length,
        forms: known.forms.map((form) => ({ id: form.id, title: form.title })),
        sources: [...sources].sort(),
      } satisfies InboxList;
    },
  );

  app.get<{ Querystring: InboxQuery }>(
    '/leads/export',
    { schema: { querystring: queryString, response: csvAnswer } },
    async (request, reply) => {
      const { known, found } = await matching(request.query);
      const rows = inboxCsvRows(found, known.forms);
      await appendAudit(dataDir, {
        who: who(request),
        action: 'leads-exported',
        detail: `${found.length} lead(s) as CSV`,
      });
      // Made for this answer and never written to disk: an export is not one more copy to erase.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${dayOf(Date.now())}.csv"`)
        .header('cache-control', 'no-store')
        .send(csvText(rows));
    },
  );

  app.get<{ Querystring: { days?: number } }>(
    '/leads/sources',
    { schema: { querystring: daysQuery, response: sourcesAnswer } },
    async (request) => {
      const days = request.query.days ?? sourceDays[0];
      const since = Date.now() - days * 86_400_000;
      const views = await readPageViews(dataDir, dayOf(since + 86_400_000), dayOf(Date.now()));
      const pages = new Map<string, PageSources>();
      const of = (page: string) => {
        let row = pages.get(page);
        if (!row) pages.set(page, (row = { page, views: 0, landed: 0, sent: 0 }));
        return row;
      };
      for (const [page, count] of views) of(page).views = count;
      for (const { entry } of await records.list()) {
        if (Date.parse(entry.lead.receivedAt) < since || entry.lead.source === undefined) continue;
        if (entry.lead.source.landing) of(entry.lead.source.landing).landed++;
        if (entry.lead.source.page) of(entry.lead.source.page).sent++;
      }
      return [...pages.values()].sort((a, b) => b.landed + b.sent - (a.landed + a.sent) || b.views - a.views);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/leads/:id',
    { schema: { params: idParams, response: leadAnswer } },
    async (request) => leadDetail(await records.read(request.params.id).catch(fromLeadRecords), await site()),
  );

  app.post<{ Params: { id: string }; Body: LeadChange }>(
    '/leads/:id',
    { schema: { params: idParams, body: changeBody, response: leadAnswer } },
    async (request) => {
      const { id } = request.params;
      const before = await records.read(id).catch(fromLeadRecords);
      const record = await records.change(id, request.body, who(request)).catch(fromLeadRecords);
      if (request.body.status && request.body.status !== before.note.status)
        await appendAudit(dataDir, {
          who: who(request),
          action: 'lead-status',
          detail: `lead ${id}: ${request.body.status}`,
        });
      return leadDetail(record, await site());
    },
  );

  app.post<{ Params: { id: string } }>(
    '/leads/:id/retry',
    { schema: { params: idParams, response: leadAnswer } },
    async (request) => {
      const { id } = request.params;
      const record = await records.retry(id).catch(fromLeadRecords);
      await appendAudit(dataDir, { who: who(request), action: 'lead-retried', detail: `lead ${id}` });
      return leadDetail(record, await site());
    },
  );

  app.post<{ Body: { email: string } }>(
    '/leads/erase',
    { schema: { body: eraseBody, response: eraseAnswer } },
    async (request) => {
      const erased = await eraseLeadsOf(dataDir, request.body.email);
      // The audit log says that a person's data was erased, and how much, never whose.
      await appendAudit(dataDir, {
        who: who(request),
        action: 'leads-erased',
        detail: `${erased} lead(s) of one person erased on their request`,
      });
      return { erased };
    },
  );
}
