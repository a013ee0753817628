// Delivery to a real SMTP server: every field arrives, nothing injected reaches a header, an
// outage pauses the queue as a whole (one line when mail goes down, one when it is back) and the
// queue resumes in order, a restart resumes the spool, a permanent refusal is kept in dead/.
import type { FastifyInstance } from 'fastify';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../scripts/content/load-site.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { freePort, startSmtp, type TestSmtp } from '../fixtures/smtp.ts';

const lead = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  company: 'Acme GCC',
  role: 'GCC Director',
  phone: '+91 98765 43210',
  urgency: '1-3-months',
  primaryNeeds: 'data-visualization',
  engagementSize: 'strategic-partnership',
  message: 'Line one.\nLine two: a colon, and Bcc: nobody@example.com as plain text.',
  submittedAt: '2026-11-22T03:00:00.000Z',
};
const fastRetry = { baseMs: 100, capMs: 400, giveUpAfterMs: 60_000, rescanMs: 30_000 };
let distDir: string;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const { forms } = await compileSite({ root: fixtureSiteRoot });
  distDir = await writeDist(forms);
});
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function app(
  overrides: Partial<ServerConfig>,
  logLines?: string[],
): Promise<{ app: FastifyInstance; config: ServerConfig }> {
  const config = testConfig(distDir, {
    dataDir: path.join(distDir, '..', `data-${Math.random().toString(36).slice(2)}`),
    rateLimit: 0,
    retry: fastRetry,
    ...overrides,
  });
  const stream = new Writable({ write: (chunk, _encoding, done) => (logLines?.push(chunk.toString()), done()) });
  const instance = await buildApp({ config, logger: logLines ? { level: 'info', stream } : false });
  await instance.ready();
  cleanup.push(() => instance.close());
  return { app: instance, config };
}

async function smtp(options?: Parameters<typeof startSmtp>[0]): Promise<TestSmtp> {
  const server = await startSmtp(options);
  cleanup.push(() => server.close());
  return server;
}

const post = (instance: FastifyInstance, payload: object = lead) =>
  instance.inject({ method: 'POST', url: '/email/api/sendEmail', payload });

describe('delivery over SMTP', () => {
  it('the inquiry arrives with every field, its label, Reply-To and the lead id', async () => {
    const server = await smtp();
    const { app: instance } = await app({
      smtpUrl: server.url,
      mailTo: 'sales@example.com',
      mailFrom: { name: 'Website', address: 'web@example.com' },
    });
    const { id } = (await post(instance)).json() as { id: string };
    await expect.poll(() => server.received.length, { timeout: 15_000 }).toBe(1);
    const [mail] = server.received;
    expect(mail.headers['x-lead-id']).toBe(id);
    expect(mail.headers['reply-to']).toBe('Asha Rao <asha@example.com>');
    expect(mail.headers.to).toBe('sales@example.com');
    expect(mail.headers.from).toBe('Website <web@example.com>');
    expect(mail.headers.subject).toBe('New inquiry from Asha Rao (Acme GCC)');
    for (const line of [
      'Full Name: Asha Rao',
      'Email Address: asha@example.com',
      'Company Name: Acme GCC',
      'Your Role: GCC Director',
      'Phone Number: +91 98765 43210',
      'Project Urgency: 1-3 months (1-3-months)',
      'Primary Needs: Data Visualization (data-visualization)',
      'Engagement Size: Strategic partnership (12+ months) (strategic-partnership)',
      'Line one.',
      'Submitted at: 2026-11-22T03:00:00.000Z',
    ])
      expect(mail.text).toContain(line);
    // The message body's "Bcc:" stayed text: no such header exists.
    expect(mail.headers.bcc).toBeUndefined();
  });

  it('an attempted header injection is refused, and nothing reaches the mail server', async () => {
    const server = await smtp();
    const { app: instance, config } = await app({ smtpUrl: server.url });
    for (const field of ['name', 'email', 'company', 'role', 'phone']) {
      expect((await post(instance, { ...lead, [field]: 'x\r\nBcc: victim@example.com' })).statusCode).toBe(400);
    }
    await post(instance, { ...lead, name: 'Clean Name' });
    // Once the clean lead is in sent/ and the queue is empty, nothing is left to send: no wait needed
    // to be sure the refused ones never go.
    const spool = (folder: string) => readdir(path.join(config.dataDir, 'spool', folder));
    await expect.poll(() => spool('sent'), { timeout: 15_000 }).toHaveLength(1);
    expect(await spool('queue')).toEqual([]);
    expect(server.received).toHaveLength(1);
    expect(server.received[0].raw).not.toMatch(/^bcc:/im);
  });
});

describe('durability', () => {
  it('with the mail server down, leads are accepted and delivered once it is back', async () => {
    const port = await freePort();
    const { app: instance, config } = await app({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const response = await post(instance, { ...lead, name: `Lead ${i}` });
      expect(response.statusCode).toBe(202);
      ids.push(response.json().id as string);
    }
    // Failed at least once (the oldest lead is the one tried while mail is down) and still queued, nothing lost.
    const oldest = path.join(config.dataDir, 'spool', 'queue', `${[...ids].sort()[0]}.json`);
    await expect
      .poll(async () => JSON.parse(await readFile(oldest, 'utf8')).attempts as number, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    expect((await readdir(path.join(config.dataDir, 'spool', 'queue'))).sort()).toEqual(
      ids.map((id) => `${id}.json`).sort(),
    );
    const server = await smtp({ port });
    await expect
      .poll(() => server.received.map((m) => m.headers['x-lead-id']).sort(), { timeout: 15_000 })
      .toEqual(ids.sort());
    await expect.poll(() => readdir(path.join(config.dataDir, 'spool', 'queue')), { timeout: 15_000 }).toEqual([]);
  });

  it('an outage pauses the whole queue: one line when mail goes down, one when it is back, then every lead in order', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const { app: instance, config } = await app({ smtpUrl: `smtp://127.0.0.1:${port}` }, lines);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await post(instance, { ...lead, name: `Lead ${i}` });
      expect(response.statusCode).toBe(202);
      ids.push(response.json().id as string);
    }
    // The oldest lead is the probe: wait until it has been tried a few times on the backoff.
    const oldest = path.join(config.dataDir, 'spool', 'queue', `${[...ids].sort()[0]}.json`);
    await expect
      .poll(async () => JSON.parse(await readFile(oldest, 'utf8')).attempts as number, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(4);
    const server = await smtp({ port });
    await expect.poll(() => server.received.length, { timeout: 20_000 }).toBe(ids.length);
    expect(server.received.map((m) => m.headers['x-lead-id'])).toEqual([...ids].sort());
    await expect.poll(() => readdir(path.join(config.dataDir, 'spool', 'queue')), { timeout: 15_000 }).toEqual([]);
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.filter((e) => /mail server unreachable/.test(e.msg))).toHaveLength(1);
    expect(entries.filter((e) => /mail server reachable again/.test(e.msg))).toHaveLength(1);
    // Nothing else was warned about: no line per lead, none per try.
    expect(entries.filter((e) => e.level >= 40)).toHaveLength(1);
  });

  it('a restart resumes the spool', async () => {
    const port = await freePort();
    const first = await app({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const { id } = (await post(first.app)).json() as { id: string };
    await first.app.close();
    const server = await smtp({ port });
    await app({ smtpUrl: server.url, dataDir: first.config.dataDir });
    await expect.poll(() => server.received.map((m) => m.headers['x-lead-id']), { timeout: 15_000 }).toEqual([id]);
  });

  it('a permanent refusal (550) moves the lead to dead/, where it stays', async () => {
    const server = await smtp({ rejectRecipients: true });
    const { app: instance, config } = await app({ smtpUrl: server.url });
    const { id } = (await post(instance)).json() as { id: string };
    // The dead copy is written before the queue copy is removed (never zero copies), so both
    // folders are read together until the move is complete.
    const folders = async () => ({
      dead: await readdir(path.join(config.dataDir, 'spool', 'dead')),
      queue: await readdir(path.join(config.dataDir, 'spool', 'queue')),
    });
    await expect.poll(folders, { timeout: 15_000 }).toEqual({ dead: [`${id}.json`], queue: [] });
  });
});
