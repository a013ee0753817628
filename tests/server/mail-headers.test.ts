// The site's name reaches the lead e-mail only as the display name of an address object: a name
// written to forge a second sender, a Bcc or another header arrives as that name and nothing
// else, and the envelope sender (MAIL FROM) is the configured address, never one from the name.
// Checked on a real SMTP server, the received message read back with a MIME parser.
import type { FastifyInstance } from 'fastify';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { buildApp } from '../../server/app.ts';
import { parseMailFrom, type ServerConfig } from '../../server/config.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureForms, validLead } from '../fixtures/leads.ts';
import { startSmtp, type ReceivedMail } from '../fixtures/smtp.ts';

const hostileNames = [
  'Evil" <evil@attacker.example>, "Test Co',
  'Test Co\r\nBcc: victim@example.com\r\nX-Injected: yes',
  'Test Co <evil@attacker.example>',
  'Ünïcode & Söns; "quoted", (commented) \\ back',
];
let forms: FormDefinition[];
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  forms = await fixtureForms();
});
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** A server for a build whose site is named `name`, delivering to a real SMTP server; the message it receives. */
async function mailFor(name: string, overrides: Partial<ServerConfig> = {}): Promise<ReceivedMail> {
  const smtp = await startSmtp();
  cleanup.push(() => smtp.close());
  const distDir = await writeDist(forms);
  const manifestFile = path.join(distDir, '_site.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { site: { name: string } };
  await writeFile(manifestFile, JSON.stringify({ ...manifest, site: { ...manifest.site, name } }));
  const app: FastifyInstance = await buildApp({
    config: testConfig(distDir, {
      dataDir: path.join(distDir, '..', `data-${Math.random().toString(36).slice(2)}`),
      rateLimit: 0,
      smtpUrl: smtp.url,
      mailTo: 'sales@example.com',
      ...overrides,
    }),
  });
  await app.ready();
  cleanup.push(() => app.close());
  const [form] = forms;
  expect((await app.inject({ method: 'POST', url: form.endpoint, payload: validLead(form) })).statusCode).toBe(202);
  await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
  return smtp.received[0];
}

/** Header names as sent, lower case, in order (folded lines joined). */
const headerNames = (raw: string) =>
  raw
    .split(/\r?\n\r?\n/)[0]
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.slice(0, line.indexOf(':')).toLowerCase());

describe('the site name in the From header', () => {
  for (const name of hostileNames) {
    it(`arrives as the sender's name and nothing else: ${JSON.stringify(name)}`, async () => {
      const mail = await mailFor(name);
      expect(mail.envelope).toEqual({ mailFrom: 'no-reply@www.example.com', rcptTo: ['sales@example.com'] });
      const parsed = await PostalMime.parse(mail.raw);
      expect(parsed.from).toEqual({ name: `${name} website`, address: 'no-reply@www.example.com' });
      expect(parsed.to).toEqual([{ name: '', address: 'sales@example.com' }]);
      // Exactly the headers the mail is composed with, each once: nothing added by the name.
      expect(headerNames(mail.raw).sort()).toEqual([
        'content-type',
        'date',
        'from',
        'message-id',
        'mime-version',
        'reply-to',
        'subject',
        'to',
        'x-lead-form',
        'x-lead-id',
      ]);
    }, 30_000);
  }
});

describe('MAIL_FROM', () => {
  it('is the From header and the envelope sender, whatever the site is called', async () => {
    const mail = await mailFor(hostileNames[0], { mailFrom: parseMailFrom('Website <web@example.com>') });
    expect(mail.envelope.mailFrom).toBe('web@example.com');
    expect((await PostalMime.parse(mail.raw)).from).toEqual({ name: 'Website', address: 'web@example.com' });
  }, 30_000);

  it('is read as one address, or the server does not start', () => {
    expect(parseMailFrom('Website <web@example.com>')).toEqual({ name: 'Website', address: 'web@example.com' });
    expect(parseMailFrom('web@example.com')).toEqual({ name: '', address: 'web@example.com' });
    expect(parseMailFrom(undefined)).toBeUndefined();
    for (const wrong of [
      'web@example.com, evil@attacker.example',
      'Website <web@example.com>\r\nBcc: victim@example.com',
      'not an address',
      'Group: a@example.com, b@example.com;',
    ]) {
      expect(() => parseMailFrom(wrong), wrong).toThrow(/^MAIL_FROM must be one address/);
    }
  });
});
