// A lead carries the language of the page it was sent from, through the real lead endpoint, a real
// spool, a real SMTP server and a real webhook receiver, on a build made from the fixture site
// (English, Deutsch, اردو): a lead in German is kept with "de", the team's mail names "Deutsch",
// the webhook carries "de" and the reply to the sender is the form's German; a language the site
// does not declare is refused and nothing is kept; a lead naming none is in the site's own. The
// studio's inbox, its CSV and `npm run leads` name the language as the site does.
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../scripts/content/load-site.ts';
import { exportCsv } from '../../scripts/leads/export.ts';
import { list, show } from '../../scripts/leads/commands.ts';
import { LeadStore } from '../../scripts/leads/store.ts';
import { manifest as manifestOf } from '../../scripts/site-build/site-files.ts';
import { studioErrorHandler } from '../../scripts/studio/api-errors.ts';
import { leadRoutes as inboxRoutes } from '../../scripts/studio/lead-routes.ts';
import { StudioState } from '../../scripts/studio/studio-state.ts';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import type { SpoolEntry } from '../../server/leads/spool.ts';
import { setEditor } from '../../server/studio-access/request-editor.ts';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { LANGUAGE_FIELD } from '../../shared/lead-protocol.ts';
import type { InboxList, LeadDetail } from '../../shared/leads-inbox.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { manifest as fixtureManifest, testConfig, writeBuildFiles, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { validLead } from '../fixtures/leads.ts';
import { startSmtp, type TestSmtp } from '../fixtures/smtp.ts';
import { fixtureSite } from '../fixtures/studio.ts';
import { startReceiver, type TestReceiver } from '../fixtures/webhook-receiver.ts';

const within = { timeout: 20_000, interval: 50 };
const german = { subject: 'Ihr Whitepaper', text: 'Danke für Ihre Anfrage.' };
let form: FormDefinition;
let distDir: string;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const model = await compileSite({ root: fixtureSiteRoot });
  // The form that replies to the sender, so one lead shows the mail, the webhook and the reply.
  form = model.forms.find((f) => f.autoReply && f.fields.some((field) => field.kind === 'email'))!;
  const built = manifestOf(model);
  // The fixture has no German words for the form: its German translation is given here, as the
  // build would carry it, with the linked page built in German too.
  const translations: SiteManifest['translations'] = built.translations?.map((translation) =>
    translation.language === 'de'
      ? {
          ...translation,
          forms: translation.forms.map((f) =>
            f.id === form.id ? { ...f, autoReply: { ...f.autoReply!, ...german } } : f,
          ),
        }
      : translation,
  );
  const linked = form.autoReply!.link!;
  distDir = await writeDist(model.forms, {
    site: { ...fixtureManifest.site, languages: built.site.languages },
    routes: [...fixtureManifest.routes, linked, `/de${linked}`],
    translations,
  });
  const page = '<!doctype html><html><head><title>Page</title></head><body></body></html>';
  // The linked page in both languages, and each language's not-found page, as a build has them.
  await writeBuildFiles(distDir, {
    [`${linked.slice(1)}/index.html`]: page,
    [`de${linked}/index.html`]: page,
    'de/404.html': page,
    'ur/404.html': page,
  });
});
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

interface Site {
  app: FastifyInstance;
  config: ServerConfig;
  smtp: TestSmtp;
  hooks: TestReceiver;
}

async function site(): Promise<Site> {
  const smtp = await startSmtp();
  cleanup.push(() => smtp.close());
  const hooks = await startReceiver();
  cleanup.push(() => hooks.close());
  const config = testConfig(distDir, {
    dataDir: await mkdtemp(path.join(tmpdir(), 'lead-language-')),
    smtpUrl: smtp.url,
    webhookUrls: [hooks.url],
    webhookSecret: 'a secret',
    rateLimit: 0,
    retry: { baseMs: 100, capMs: 400, giveUpAfterMs: 60_000, rescanMs: 30_000 },
  });
  const app = await buildApp({ config, logger: false });
  await app.ready();
  cleanup.push(() => app.close());
  return { app, config, smtp, hooks };
}

let sent = 0;
/** A visitor's lead from a page in `language` (none: a page that names none), each one different,
 * so none is held back as a repeat. */
async function send(app: FastifyInstance, language?: unknown) {
  const n = ++sent;
  const fields = validLead(form, `Lead ${n}`);
  for (const field of form.fields) if (field.kind === 'email') fields[field.name] = `reader${n}@example.com`;
  return app.inject({
    method: 'POST',
    url: form.endpoint,
    payload: { ...fields, ...(language !== undefined && { [LANGUAGE_FIELD]: language }) },
  });
}

async function accepted(app: FastifyInstance, language?: string): Promise<string> {
  const response = await send(app, language);
  expect(response.statusCode).toBe(202);
  return response.json<{ id: string }>().id;
}

const folder = (config: ServerConfig, name: string) =>
  readdir(path.join(config.dataDir, 'spool', name)).catch(() => [] as string[]);
const delivered = async (config: ServerConfig, id: string) =>
  JSON.parse(await readFile(path.join(config.dataDir, 'spool', 'sent', `${id}.json`), 'utf8')) as SpoolEntry;
const teamMail = (smtp: TestSmtp, id: string) =>
  smtp.received.find((mail) => mail.headers['x-lead-id'] === id && !mail.headers['auto-submitted']);
const replyTo = (smtp: TestSmtp, n: number) =>
  smtp.received.find(
    (mail) => mail.headers['auto-submitted'] && mail.envelope.rcptTo.includes(`reader${n}@example.com`),
  );
const hookOf = (hooks: TestReceiver, id: string) =>
  hooks.received.map((hook) => JSON.parse(hook.body) as { id: string; language?: string }).find((b) => b.id === id);

describe('a lead sent from a page in German', () => {
  it('is kept with "de", the mail names Deutsch, the webhook carries "de", the reply is German', async () => {
    const { app, config, smtp, hooks } = await site();
    const id = await accepted(app, 'de');
    await expect.poll(() => folder(config, 'sent'), within).toContain(`${id}.json`);
    expect((await delivered(config, id)).lead.language).toBe('de');

    const mail = teamMail(smtp, id)!;
    expect(mail.text).toMatch(/^Language: Deutsch$/m);
    expect(mail.raw).toContain('Deutsch</td>');
    expect(hookOf(hooks, id)?.language).toBe('de');

    const reply = replyTo(smtp, sent)!;
    expect(reply.headers.subject).toBe(german.subject);
    expect(reply.text).toContain(german.text);
    expect(reply.text).toContain(`https://www.example.com/de${form.autoReply!.link}`);
  });
});

describe('a language the site does not declare', () => {
  it.each([
    ['fr', /^_language: must be one of: "en", "de", "ur"$/],
    ['DE', /^_language: must be one of/],
    ['de\r\nBcc: someone@example.com', /^_language: must be one of/],
    [['de'], /^_language: must be text$/],
    [42, /^_language: must be text$/],
  ])('%j is refused as a wrong option is, and nothing is kept', async (language, message) => {
    const { app, config } = await site();
    const response = await send(app, language);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: expect.stringMatching(message),
    });
    for (const name of ['queue', 'sent', 'dead', 'spam']) expect(await folder(config, name)).toEqual([]);
  });
});

describe('a lead from a page that names no language', () => {
  it('is in the site\'s own language: English in the mail, "en" in the webhook, the reply as written', async () => {
    const { app, config, smtp, hooks } = await site();
    const id = await accepted(app);
    await expect.poll(() => folder(config, 'sent'), within).toContain(`${id}.json`);
    expect((await delivered(config, id)).lead.language).toBe('en');
    expect(teamMail(smtp, id)!.text).toMatch(/^Language: English$/m);
    expect(hookOf(hooks, id)?.language).toBe('en');
    expect(replyTo(smtp, sent)!.headers.subject).toBe(form.autoReply!.subject);
  });

  it('a language with no translation of the form gets the reply as written, linking the page as built', async () => {
    const { app, config, smtp } = await site();
    const id = await accepted(app, 'ur');
    await expect.poll(() => folder(config, 'sent'), within).toContain(`${id}.json`);
    const reply = replyTo(smtp, sent)!;
    expect(reply.headers.subject).toBe(form.autoReply!.subject);
    expect(reply.text).toContain(`https://www.example.com${form.autoReply!.link}`);
    expect(reply.text).not.toContain('/ur/');
  });
});

describe('the team sees each lead with its language', () => {
  let root: string;
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('in the studio inbox, its CSV and npm run leads', async () => {
    const { app, config } = await site();
    const inGerman = await accepted(app, 'de');
    const inOwn = await accepted(app);
    await expect.poll(async () => (await folder(config, 'sent')).length, within).toBe(2);

    root = await mkdtemp(path.join(tmpdir(), 'lead-language-studio-'));
    await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
    const inbox = Fastify();
    inbox.addHook('onRequest', async (request) =>
      setEditor(request.raw, {
        email: 'team@example.com',
        role: 'editor',
        added: new Date().toISOString(),
        leads: true,
      }),
    );
    inbox.setErrorHandler(studioErrorHandler);
    await inbox.register(inboxRoutes, { dataDir: config.dataDir, state: new StudioState(root) });
    cleanup.push(() => inbox.close());
    const listed = (await inbox.inject({ url: '/leads' })).json<InboxList>();
    expect(Object.fromEntries(listed.leads.map((lead) => [lead.id, lead.language]))).toEqual({
      [inGerman]: 'Deutsch',
      [inOwn]: 'English',
    });
    expect((await inbox.inject({ url: `/leads/${inGerman}` })).json<LeadDetail>().language).toBe('Deutsch');
    const [header, ...rows] = parse((await inbox.inject({ url: '/leads/export' })).body) as string[][];
    const column = header.indexOf('Language');
    expect(column).toBeGreaterThan(0);
    expect(rows.map((row) => row[column]).sort()).toEqual(['Deutsch', 'English']);

    const store = await LeadStore.open(config);
    expect(await list(store)).toMatch(new RegExp(`${inGerman}.*Deutsch`));
    expect(await show(store, inGerman)).toMatch(/^Language: Deutsch$/m);
    const [exported, ...exportedRows] = parse(await exportCsv(store, { form: form.id })) as string[][];
    expect(exported.at(-1)).toBe('Language');
    expect(exportedRows.map((row) => row.at(-1)).sort()).toEqual(['Deutsch', 'English']);
  });
});
