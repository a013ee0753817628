// The studio's leads inbox (scripts/studio/lead-routes.ts) over leads sent to the real lead
// endpoint: an editor given the leads finds one by the sender's name, marks it contacted, exports
// the filtered list as CSV and erases a person from every copy; the audit log says what was done,
// never whose data. An editor without the leads, and nobody signed in, are refused before anything
// is read; a failed delivery is retried, a lead not failed is not.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { studioErrorHandler } from '../../scripts/studio/api-errors.ts';
import { leadRoutes } from '../../scripts/studio/lead-routes.ts';
import { StudioState } from '../../scripts/studio/studio-state.ts';
import { buildApp } from '../../server/app.ts';
import { readAudit } from '../../server/studio-access/audit.ts';
import { setEditor } from '../../server/studio-access/request-editor.ts';
import type { FormDefinition } from '../../shared/generated/content.ts';
import type { InboxList, LeadDetail, PageSources } from '../../shared/leads-inbox.ts';
import { PageViews } from '../../server/page-views.ts';
import { SOURCE_FIELD } from '../../shared/lead-protocol.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureForms, validLead } from '../fixtures/leads.ts';
import { fixtureSite } from '../fixtures/studio.ts';

let root: string;
let dataDir: string;
let inbox: FastifyInstance;
let site: FastifyInstance;
let form: FormDefinition;

/** The inbox's routes as the studio's API runs them, with the editor the gate would set. */
async function inboxApi(): Promise<FastifyInstance> {
  const app = Fastify();
  app.addHook('onRequest', async (request) => {
    const who = request.headers['x-test-editor'];
    if (who === 'with-leads' || who === 'without-leads')
      setEditor(request.raw, {
        email: `${who}@example.com`,
        role: 'editor',
        added: new Date().toISOString(),
        ...(who === 'with-leads' && { leads: true }),
      });
  });
  app.setErrorHandler(studioErrorHandler);
  await app.register(leadRoutes, { dataDir, state: new StudioState(root) });
  return app;
}

const ask = async (route: string, body?: unknown, who = 'with-leads') => {
  const [method, url] = route.split(' ');
  const response = await inbox.inject({
    method: method as 'GET' | 'POST',
    url,
    headers: { 'x-test-editor': who },
    ...(body !== undefined && { payload: body as Record<string, unknown> }),
  });
  return response;
};

/** Sends a lead as a visitor's browser does; the value of each text field starts with `marker`. */
async function sendLead(marker: string, email: string, source?: Record<string, string>) {
  const fields = validLead(form, marker);
  for (const field of form.fields) if (field.kind === 'email') fields[field.name] = email;
  const response = await site.inject({
    method: 'POST',
    url: form.endpoint,
    payload: { ...fields, ...(source && { [SOURCE_FIELD]: source }) },
  });
  expect(response.statusCode).toBe(202);
  return response.json<{ id: string }>().id;
}

const nameField = () => form.fields.find((field) => field.kind === 'text')!;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'studio-inbox-'));
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
  const forms = await fixtureForms();
  form = forms.find(
    (f) => f.fields.some((field) => field.kind === 'text') && f.fields.some((x) => x.kind === 'email'),
  )!;
  const distDir = await writeDist(forms);
  dataDir = path.join(root, 'data');
  site = await buildApp({ config: testConfig(distDir, { dataDir, rateLimit: 0 }) });
  inbox = await inboxApi();
});
afterAll(async () => {
  await site?.close();
  await inbox?.close();
  await rm(root, { recursive: true, force: true });
});

it('refuses an editor without the leads, and anyone not signed in, before reading anything', async () => {
  for (const route of ['GET /leads', 'GET /leads/export', 'GET /leads/sources', 'POST /leads/erase']) {
    const refused = await ask(
      route,
      route.startsWith('POST') ? { email: 'a@example.com' } : undefined,
      'without-leads',
    );
    expect(refused.statusCode, route).toBe(403);
    expect(refused.json<{ error: string }>().error).toMatch(/^The leads are for the people the site owner has chosen/);
    expect((await ask(route, undefined, 'nobody')).statusCode, route).toBe(401);
  }
});

it('finds a lead by the sender name, marks it contacted, and exports the filtered list as CSV', async () => {
  const wanted = await sendLead('Meera Iyer', 'meera@example.com', { page: '/contact', utm_campaign: 'autumn' });
  await sendLead('Ravi Kumar', 'ravi@example.com');
  const found = (await ask('GET /leads?search=meera%20iyer')).json<InboxList>();
  expect(found.leads.map((lead) => lead.id)).toEqual([wanted]);
  expect(found.leads[0]).toMatchObject({
    from: `Meera Iyer ${nameField().name}`,
    form: form.title,
    status: 'new',
    source: 'campaign: autumn',
  });
  const opened = (await ask(`GET /leads/${wanted}`)).json<LeadDetail>();
  // Every field under its form's label, as the site's form defines it.
  expect(opened.fields.map((field) => field.label)).toEqual(form.fields.map((field) => field.label));

  const marked = await ask(`POST /leads/${wanted}`, { status: 'contacted', note: 'Called, wants a proposal.' });
  expect(marked.json<LeadDetail>()).toMatchObject({ status: 'contacted', note: 'Called, wants a proposal.' });
  expect((await ask('GET /leads?status=contacted')).json<InboxList>().leads.map((lead) => lead.id)).toEqual([wanted]);
  expect((await ask('GET /leads?status=done')).statusCode).toBe(400);

  const csv = await ask('GET /leads/export?status=contacted');
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"$/);
  const [header, row, end] = csv.body.split('\r\n');
  expect(header).toContain(nameField().label);
  expect(row).toContain('Meera Iyer');
  expect(row).not.toContain('Ravi');
  expect(end).toBe('');

  const audit = (await readAudit(dataDir)).filter((event) => event.who === 'with-leads@example.com');
  expect(audit.map((event) => [event.action, event.detail])).toEqual([
    ['lead-status', `lead ${wanted}: contacted`],
    ['leads-exported', '1 lead(s) as CSV'],
  ]);
});

it('shows each page with its views beside the leads whose visit began there and the leads sent from it', async () => {
  await sendLead('Source Test', 'source@example.com', { landing: '/landing-here', page: '/sent-here' });
  const views = new PageViews(dataDir);
  for (let i = 0; i < 3; i++) views.count('/landing-here');
  views.count('/landing-here', Date.now() - 40 * 86_400_000);
  await views.flush();
  const week = (await ask('GET /leads/sources?days=7')).json<PageSources[]>();
  expect(week.find((row) => row.page === '/landing-here')).toEqual({
    page: '/landing-here',
    views: 3,
    landed: 1,
    sent: 0,
  });
  expect(week.find((row) => row.page === '/sent-here')).toEqual({ page: '/sent-here', views: 0, landed: 0, sent: 1 });
  const quarter = (await ask('GET /leads/sources?days=90')).json<PageSources[]>();
  expect(quarter.find((row) => row.page === '/landing-here')?.views).toBe(4);
  expect((await ask('GET /leads/sources?days=12')).statusCode).toBe(400);
});

it('erases a person from the queue, sent, dead and the outbox, and logs it without the address', async () => {
  const sent = await sendLead('Anil Das', 'Anil.Das@example.com');
  await sendLead('Kept Person', 'kept@example.com');
  // Delivered (to the outbox, as without SMTP_URL), then one more of the same person that failed for good.
  await expect
    .poll(() => readdir(path.join(dataDir, 'outbox')).catch(() => []), { timeout: 15_000 })
    .toContain(`${sent}.eml`);
  // A different message: the same one again within a day would be held back as spam.
  const dead = await sendLead('Anil Das, later', 'anil.das@example.com');
  await expect.poll(() => readdir(path.join(dataDir, 'spool', 'sent')), { timeout: 15_000 }).toContain(`${dead}.json`);
  const deadFile = path.join(dataDir, 'spool', 'dead', `${dead}.json`);
  await writeFile(deadFile, await readFile(path.join(dataDir, 'spool', 'sent', `${dead}.json`)));
  await rm(path.join(dataDir, 'spool', 'sent', `${dead}.json`));
  await ask(`POST /leads/${dead}`, { note: 'asked to be forgotten' });

  const erased = await ask('POST /leads/erase', { email: ' anil.das@EXAMPLE.com ' });
  expect(erased.json()).toEqual({ erased: 2 });
  const everything = async () =>
    (
      await Promise.all(
        ['spool/queue', 'spool/sent', 'spool/dead', 'outbox', 'inbox'].map(async (dir) =>
          Promise.all(
            (await readdir(path.join(dataDir, dir)).catch(() => [] as string[])).map((f) =>
              readFile(path.join(dataDir, dir, f), 'utf8'),
            ),
          ),
        ),
      )
    )
      .flat()
      .join('\n')
      .toLowerCase();
  const left = await everything();
  expect(left).not.toContain('anil');
  expect(left).toContain('kept@example.com');
  expect((await ask(`GET /leads/${dead}`)).statusCode).toBe(404);
  const logged = (await readAudit(dataDir)).filter((event) => event.action === 'leads-erased');
  expect(logged.map((event) => event.detail)).toEqual(['2 lead(s) of one person erased on their request']);
  expect(JSON.stringify(await readAudit(dataDir)).toLowerCase()).not.toContain('anil');
});

it('retries a failed delivery, and refuses to retry one that is not failed', async () => {
  const id = await sendLead('Retry Me', 'retry@example.com');
  await expect.poll(() => readdir(path.join(dataDir, 'spool', 'sent')), { timeout: 15_000 }).toContain(`${id}.json`);
  expect((await ask(`POST /leads/${id}/retry`)).json()).toEqual({ error: 'This lead was delivered already.' });
  const failed = JSON.parse(await readFile(path.join(dataDir, 'spool', 'sent', `${id}.json`), 'utf8')) as {
    deliveries: Record<string, object>;
  };
  const refused = { state: 'dead', lastError: '550 no such mailbox' };
  await writeFile(
    path.join(dataDir, 'spool', 'dead', `${id}.json`),
    JSON.stringify({
      ...failed,
      lastError: refused.lastError,
      deliveries: { ...failed.deliveries, mail: { ...failed.deliveries.mail, ...refused } },
    }),
  );
  await rm(path.join(dataDir, 'spool', 'sent', `${id}.json`));
  expect((await ask(`GET /leads/${id}`)).json<LeadDetail>().delivery).toEqual([
    { destination: 'E-mail', state: 'failed', attempts: 1, lastError: '550 no such mailbox' },
  ]);
  const retried = (await ask(`POST /leads/${id}/retry`)).json<LeadDetail>();
  expect(retried.delivery[0]).toMatchObject({ state: 'waiting', attempts: 0 });
  expect((await ask('GET /leads/not-a-lead')).statusCode).toBe(404);
});

it('shows a lead judged spam with its reason, and sends it on when told it is not', async () => {
  await sendLead('Twice Sent', 'twice@example.com');
  const held = await sendLead('Twice Sent', 'twice@example.com');
  expect((await ask(`GET /leads/${held}`)).json<LeadDetail>()).toMatchObject({
    status: 'spam',
    delivery: [],
    spamReasons: ['The same message arrived earlier today.'],
  });
  expect((await ask('GET /leads?status=spam')).json<InboxList>().leads.map((lead) => lead.id)).toContain(held);
  const released = (await ask(`POST /leads/${held}/retry`)).json<LeadDetail>();
  expect(released.status).toBe('new');
  expect(released.spamReasons).toBeUndefined();
  expect(released.delivery[0]).toMatchObject({ destination: 'E-mail', state: 'waiting' });
  expect(await readdir(path.join(dataDir, 'spool', 'spam'))).not.toContain(`${held}.json`);
});
