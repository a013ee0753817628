// The reply to the sender and the spam folder, through the real endpoint, a real spool and a real
// SMTP server: the reply reaches the sender once (a restart sends it no second time) and at most
// REPLIES_PER_ADDRESS a day; a bot-speed submission is kept in spam/ with its reason in words,
// forwarded nowhere and answered nothing, until `npm run leads -- release` sends it on; a blocked
// sender lands in spam. The judge's other rules are checked on their own.
import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import { REPLIES_PER_ADDRESS } from '../../server/leads/auto-reply.ts';
import { SpamJudge } from '../../server/leads/spam.ts';
import type { SpoolEntry } from '../../server/leads/spool.ts';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { LOADED_AT_FIELD, MIN_SECONDS_TO_FILL, SUBMITTED_AT_FIELD } from '../../shared/lead-protocol.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureForms, validLead } from '../fixtures/leads.ts';
import { startSmtp, type TestSmtp } from '../fixtures/smtp.ts';

const root = path.join(import.meta.dirname, '..', '..');
const within = { timeout: 20_000, interval: 50 };
const autoReply = { subject: 'Thank you for writing', text: 'We have your message.', link: '/services' };
let form: FormDefinition;
let emailField: string;
let distDir: string;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const forms = await fixtureForms();
  form = { ...forms.find((f) => f.fields.some((field) => field.kind === 'email'))!, autoReply };
  emailField = form.fields.find((field) => field.kind === 'email')!.name;
  distDir = await writeDist([form]);
  const manifestFile = path.join(distDir, '_site.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { site: Record<string, unknown> };
  manifest.site.blockedSenders = ['blocked.example'];
  await writeFile(manifestFile, JSON.stringify(manifest));
});
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function app(config: ServerConfig): Promise<FastifyInstance> {
  const instance = await buildApp({ config, logger: false });
  await instance.ready();
  cleanup.push(() => instance.close());
  return instance;
}

async function setUp(): Promise<{ smtp: TestSmtp; config: ServerConfig; instance: FastifyInstance }> {
  const smtp = await startSmtp();
  cleanup.push(() => smtp.close());
  const config = testConfig(distDir, {
    dataDir: path.join(distDir, '..', `data-${Math.random().toString(36).slice(2)}`),
    smtpUrl: smtp.url,
    rateLimit: 0,
    retry: { baseMs: 100, capMs: 400, giveUpAfterMs: 60_000, rescanMs: 200 },
  });
  return { smtp, config, instance: await app(config) };
}

/** A person's submission: the form loaded a while before it was sent. */
function personLead(marker: string, address = 'reader@example.com'): Record<string, string> {
  const now = Date.now();
  return {
    ...validLead(form, marker),
    [emailField]: address,
    [LOADED_AT_FIELD]: new Date(now - 20_000).toISOString(),
    [SUBMITTED_AT_FIELD]: new Date(now).toISOString(),
  };
}

async function submit(instance: FastifyInstance, payload: Record<string, string>): Promise<string> {
  const response = await instance.inject({ method: 'POST', url: form.endpoint, payload });
  expect(response.statusCode).toBe(202);
  return response.json<{ id: string }>().id;
}

const repliesTo = (smtp: TestSmtp, address: string) =>
  smtp.received.filter(
    (mail) =>
      mail.headers['auto-submitted'] === 'auto-replied' &&
      mail.envelope.rcptTo.some((to) => to.toLowerCase() === address.toLowerCase()),
  );
const folder = (config: ServerConfig, name: string) => readdir(path.join(config.dataDir, 'spool', name));

describe('the reply to the sender', () => {
  it('reaches the sender once, with the linked page, and a restart sends it no second time', async () => {
    const { smtp, config, instance } = await setUp();
    const id = await submit(instance, personLead('Once'));
    await expect.poll(() => folder(config, 'sent'), within).toEqual([`${id}.json`]);
    const replies = repliesTo(smtp, 'reader@example.com');
    expect(replies).toHaveLength(1);
    expect(replies[0].headers.subject).toBe(autoReply.subject);
    expect(replies[0].text).toContain(autoReply.text);
    expect(replies[0].text).toContain('https://www.example.com/services');
    const sent = JSON.parse(
      await readFile(path.join(config.dataDir, 'spool', 'sent', `${id}.json`), 'utf8'),
    ) as SpoolEntry;
    expect(sent.deliveries?.reply).toMatchObject({ state: 'sent', attempts: 1 });

    await instance.close();
    // A later lead delivered after the restart: the queue, oldest first, has been looked at by then.
    const again = await app(config);
    const later = await submit(again, personLead('Later', 'later@example.com'));
    await expect.poll(() => folder(config, 'sent'), within).toContain(`${later}.json`);
    expect(repliesTo(smtp, 'reader@example.com')).toHaveLength(1);
  });

  it(`goes at most ${REPLIES_PER_ADDRESS} times a day to one address; the team gets every lead`, async () => {
    const { smtp, config, instance } = await setUp();
    for (let n = 0; n <= REPLIES_PER_ADDRESS; n++) await submit(instance, personLead(`Lead ${n}`, 'Many@Example.com'));
    await expect.poll(async () => (await folder(config, 'sent')).length, within).toBe(REPLIES_PER_ADDRESS + 1);
    expect(repliesTo(smtp, 'Many@Example.com')).toHaveLength(REPLIES_PER_ADDRESS);
  });
});

describe('spam', () => {
  it('a bot-speed submission is kept in spam with its reason, sent nowhere, and released by npm run leads', async () => {
    const { smtp, config, instance } = await setUp();
    const now = Date.now();
    const id = await submit(instance, {
      ...personLead('Fast bot', 'bot@example.com'),
      [LOADED_AT_FIELD]: new Date(now - 500).toISOString(),
      [SUBMITTED_AT_FIELD]: new Date(now).toISOString(),
    });
    expect(await folder(config, 'spam')).toEqual([`${id}.json`]);
    const kept = JSON.parse(
      await readFile(path.join(config.dataDir, 'spool', 'spam', `${id}.json`), 'utf8'),
    ) as SpoolEntry;
    expect(kept.spam).toEqual([expect.stringMatching(/seconds after the form opened: faster than a person/)]);
    expect(await folder(config, 'queue')).toEqual([]);

    const env = { ...process.env, DATA_DIR: config.dataDir, DIST_DIR: config.distDir };
    const leads = (...args: string[]) =>
      promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'leads.ts'), ...args], { env });
    expect((await leads('list', 'spam')).stdout).toMatch(/faster than a person/);
    expect(smtp.received).toHaveLength(0);
    await leads('release', id);
    await expect.poll(() => folder(config, 'sent'), within).toEqual([`${id}.json`]);
    expect(smtp.received.map((mail) => mail.headers['x-lead-id'])).toEqual([id]);
    expect(repliesTo(smtp, 'bot@example.com')).toHaveLength(0);
  });

  it('a sender on the block list lands in spam', async () => {
    const { config, instance } = await setUp();
    const id = await submit(instance, personLead('Blocked', 'someone@mail.blocked.example'));
    expect(await folder(config, 'spam')).toEqual([`${id}.json`]);
  });

  it('the judge names links, markup and a repeated message, and lets a person through', () => {
    const judge = new SpamJudge();
    const context = { blockedSenders: ['nobody@example.org'] };
    const text = form.fields.find((field) => field.kind === 'text')!;
    const message = form.fields.find((field) => field.kind === 'textarea');
    expect(judge.judge(personLead('Person'), form, context)).toEqual([]);
    expect(judge.judge(personLead('Person'), form, context)).toEqual(['The same message arrived earlier today.']);
    expect(judge.judge({ ...personLead('Linked'), [text.name]: 'see https://spam.example' }, form, context)).toEqual([
      `"${text.label}" holds a web link.`,
    ]);
    expect(judge.judge({ ...personLead('Code'), [text.name]: '<script>x()</script>' }, form, context)).toEqual([
      `"${text.label}" holds web page code or a script.`,
    ]);
    expect(judge.judge(personLead('Listed', 'Nobody@Example.org'), form, context)).toEqual([
      'The sender is on the list of blocked senders.',
    ]);
    if (message) {
      const links = 'http://a.example http://b.example http://c.example';
      expect(judge.judge({ ...personLead('Many links'), [message.name]: links }, form, context)).toEqual([
        `"${message.label}" holds 3 web links.`,
      ]);
    }
    const justInTime = Date.now();
    expect(
      judge.judge(
        {
          ...personLead('In time'),
          [LOADED_AT_FIELD]: new Date(justInTime - MIN_SECONDS_TO_FILL * 1000).toISOString(),
          [SUBMITTED_AT_FIELD]: new Date(justInTime).toISOString(),
        },
        form,
        context,
      ),
    ).toEqual([]);
  });
});
