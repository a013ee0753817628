// Each lead goes to a real SMTP server and a real HTTP receiver independently: both get it; with
// mail down the webhook gets it at once and mail follows; the signature verifies with the recipes
// in docs/leads.md (Node and Python, run as written); a 4xx is permanent for the webhook alone;
// kill -9 in the middle of deliveries loses nothing for either destination.
import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../scripts/content/load-site.ts';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { startChildServer } from '../fixtures/child-server.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { validLead } from '../fixtures/leads.ts';
import { freePort, startSmtp, type TestSmtp } from '../fixtures/smtp.ts';
import { startReceiver, type TestReceiver } from '../fixtures/webhook-receiver.ts';

const root = path.join(import.meta.dirname, '..', '..');
const secret = 'a shared secret for the test';
const within = { timeout: 20_000, interval: 50 };
let distDir: string;
let form: FormDefinition;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const { forms } = await compileSite({ root: fixtureSiteRoot });
  distDir = await writeDist(forms);
  [form] = forms;
});
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function receiver(): Promise<TestReceiver> {
  const started = await startReceiver();
  cleanup.push(() => started.close());
  return started;
}

async function smtp(port?: number): Promise<TestSmtp> {
  const started = await startSmtp({ port });
  cleanup.push(() => started.close());
  return started;
}

async function app(overrides: Partial<ServerConfig>): Promise<{ app: FastifyInstance; config: ServerConfig }> {
  const config = testConfig(distDir, {
    dataDir: await mkdtemp(path.join(tmpdir(), 'lead-destinations-')),
    rateLimit: 0,
    retry: { baseMs: 100, capMs: 400, giveUpAfterMs: 60_000, rescanMs: 30_000 },
    webhookSecret: secret,
    ...overrides,
  });
  const instance = await buildApp({ config, logger: false });
  await instance.ready();
  cleanup.push(() => instance.close());
  return { app: instance, config };
}

async function submit(instance: FastifyInstance): Promise<string> {
  const response = await instance.inject({ method: 'POST', url: form.endpoint, payload: validLead(form) });
  expect(response.statusCode).toBe(202);
  return response.json<{ id: string }>().id;
}

/** The code blocks of a language in docs/leads.md, as written there. */
async function recipe(language: 'js' | 'python'): Promise<string> {
  const docs = await readFile(path.join(root, 'docs', 'leads.md'), 'utf8');
  const block = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(docs);
  if (!block) throw new Error(`docs/leads.md has no ${language} block`);
  return block[1];
}

describe('a lead with mail and a webhook', () => {
  it('reaches both, and its signature verifies with the Node and Python recipes of docs/leads.md', async () => {
    const mail = await smtp();
    const hooks = await receiver();
    const { app: instance } = await app({ smtpUrl: mail.url, webhookUrls: [hooks.url] });
    const id = await submit(instance);
    await expect.poll(() => hooks.received.length, within).toBe(1);
    await expect.poll(() => mail.received.length, within).toBe(1);
    const [hook] = hooks.received;
    expect(mail.received[0].headers['x-lead-id']).toBe(id);
    expect(hook.headers['x-lead-id']).toBe(id);
    expect(hook.headers['content-type']).toBe('application/json');
    const body = JSON.parse(hook.body) as { id: string; form: string; fields: Record<string, string> };
    expect(body).toMatchObject({ id, form: form.id });
    for (const field of form.fields) expect(body.fields[field.name]).toBeDefined();
    const header = String(hook.headers['x-lead-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const dir = await mkdtemp(path.join(tmpdir(), 'recipe-'));
    await writeFile(path.join(dir, 'verify.mjs'), await recipe('js'));
    const { verifyLead } = (await import(pathToFileURL(path.join(dir, 'verify.mjs')).href)) as {
      verifyLead: (secret: string, body: string, header: string) => boolean;
    };
    expect(verifyLead(secret, hook.body, header)).toBe(true);
    expect(verifyLead('another secret', hook.body, header)).toBe(false);
    expect(verifyLead(secret, hook.body.replace(id, `${id}x`), header)).toBe(false);

    const python = `${await recipe('python')}\nimport sys\nprint(verify_lead(sys.argv[1], sys.stdin.buffer.read(), sys.argv[2]))\n`;
    const runPython = (key: string, raw: string) =>
      new Promise<string>((resolve, reject) => {
        const child = execFile('python3', ['-c', python, key, header], (error, stdout) =>
          error ? reject(error) : resolve(stdout.trim()),
        );
        child.stdin!.end(raw);
      });
    expect(await runPython(secret, hook.body)).toBe('True');
    expect(await runPython('another secret', hook.body)).toBe('False');
  });

  it('with mail down goes to the webhook at once, and by mail once the server is back', async () => {
    const hooks = await receiver();
    const port = await freePort();
    const { app: instance, config } = await app({ smtpUrl: `smtp://127.0.0.1:${port}`, webhookUrls: [hooks.url] });
    const id = await submit(instance);
    // The webhook's state is written once both destinations answered.
    const queued = async () =>
      JSON.parse(await readFile(path.join(config.dataDir, 'spool', 'queue', `${id}.json`), 'utf8')) as {
        deliveries: Record<string, { state: string; lastError?: string }>;
      };
    const states = async () =>
      Object.values((await queued()).deliveries)
        .map((d) => d.state)
        .sort();
    await expect.poll(states, within).toEqual(['pending', 'sent']);
    expect(hooks.received).toHaveLength(1);
    expect((await queued()).deliveries.mail.lastError).toBeTruthy();
    const health = await instance.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toMatchObject({ queue: 1, pending: { mail: 1 } });

    const mail = await smtp(port);
    await expect.poll(() => mail.received.map((m) => m.headers['x-lead-id']), within).toEqual([id]);
    await expect.poll(() => readdir(path.join(config.dataDir, 'spool', 'sent')), within).toEqual([`${id}.json`]);
    expect(hooks.received).toHaveLength(1);
  });

  it('a webhook that refuses with a 4xx gets no retry; mail is sent; the lead is kept in dead/ for that webhook', async () => {
    const mail = await smtp();
    const hooks = await receiver();
    let tries = 0;
    hooks.answer = () => (tries++, 422);
    const { app: instance, config } = await app({ smtpUrl: mail.url, webhookUrls: [hooks.url] });
    const id = await submit(instance);
    await expect.poll(() => readdir(path.join(config.dataDir, 'spool', 'dead')), within).toEqual([`${id}.json`]);
    expect(mail.received).toHaveLength(1);
    expect(tries).toBe(1);
  });

  it('a webhook answering 503 or 429 is tried again until it takes the lead', async () => {
    const mail = await smtp();
    const hooks = await receiver();
    let tries = 0;
    hooks.answer = () => [503, 429, 200][Math.min(tries++, 2)];
    const { app: instance } = await app({ smtpUrl: mail.url, webhookUrls: [hooks.url] });
    const id = await submit(instance);
    await expect.poll(() => hooks.received.map((h) => h.headers['x-lead-id']), within).toEqual([id]);
    expect(tries).toBe(3);
  });
});

describe('kill -9 in the middle of deliveries', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('loses no acknowledged lead for mail or for the webhook', async () => {
    const mail = await smtp();
    const hooks = await receiver();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'destinations-crash-'));
    const port = await freePort();
    const start = async () => {
      const child = await startChildServer(path.join(root, 'server', 'main.ts'), {
        url: `http://127.0.0.1:${port}/`,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DIST_DIR: distDir,
          DATA_DIR: dataDir,
          SMTP_URL: mail.url,
          LEAD_WEBHOOK_URL: hooks.url,
          LEAD_WEBHOOK_SECRET: secret,
          RATE_LIMIT: '0',
          LEAD_RETRY_BASE_MS: '100',
          LEAD_RETRY_CAP_MS: '500',
        },
      });
      children.push(child);
      return child;
    };
    const server = await start();
    const acknowledged: string[] = [];
    let answered = 0;
    const send = async (n: number) => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${form.endpoint}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(validLead(form, `Burst ${n}`)),
        });
        if (response.status === 202) acknowledged.push(((await response.json()) as { id: string }).id);
      } catch {
        // The connection died with the process: this lead was never acknowledged.
      }
      if (++answered === 40) server.kill('SIGKILL');
    };
    const pending = Array.from({ length: 120 }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (pending.length) {
          await send(pending.shift()!);
        }
      }),
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);
    await start();
    const missing = (ids: Set<unknown>) => acknowledged.filter((id) => !ids.has(id));
    await expect
      .poll(() => missing(new Set(mail.received.map((m) => m.headers['x-lead-id']))), {
        timeout: 40_000,
        interval: 200,
      })
      .toEqual([]);
    await expect
      .poll(() => missing(new Set(hooks.received.map((h) => h.headers['x-lead-id']))), {
        timeout: 40_000,
        interval: 200,
      })
      .toEqual([]);
  }, 90_000);
});
