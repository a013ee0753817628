// `npm run leads`, run as the site owner runs it (a child process reading DATA_DIR and DIST_DIR),
// on a spool the real server filled: status, list, show with labels, retry delivered by a running
// server, RFC 4180 export with formulas defused, purge of old sent leads only.
import type { FastifyInstance } from 'fastify';
import { execFile } from 'node:child_process';
import { readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import { newLeadId } from '../../server/leads/spool.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureForms, validLead } from '../fixtures/leads.ts';

const root = path.join(import.meta.dirname, '..', '..');
let forms: FormDefinition[];
let config: ServerConfig;
let app: FastifyInstance;
const ids: Record<string, string> = {};

async function leads(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: config.dataDir, DIST_DIR: config.distDir };
  return promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'leads.ts'), ...args], { env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}
const inFolder = async (folder: string) =>
  (await readdir(path.join(config.dataDir, 'spool', folder))).map((f) => f.replace(/\.json$/, ''));

/** RFC 4180, to read the export back: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

beforeAll(async () => {
  forms = await fixtureForms();
  const distDir = await writeDist(forms);
  // A running server that rescans its queue often, as the real one does every 30 s.
  config = testConfig(distDir, {
    dataDir: path.join(distDir, '..', `data-${Math.random().toString(36).slice(2)}`),
    rateLimit: 0,
    retry: { baseMs: 100, capMs: 200, giveUpAfterMs: 3600_000, rescanMs: 200 },
  });
  app = await buildApp({ config });
  await app.ready();
  const [form] = forms;
  const textField = form.fields.find((field) => field.kind === 'text')!;
  const message = form.fields.find((field) => field.kind === 'textarea');
  const post = async (values: Record<string, string>) =>
    (await app.inject({ method: 'POST', url: form.endpoint, payload: values })).json().id as string;
  ids.plain = await post(validLead(form));
  ids.hostile = await post({
    ...validLead(form),
    [textField.name]: '=HYPERLINK("evil.example","Click")',
    ...(message && { [message.name]: 'Line one, with "quotes"\nLine two' }),
  });
  await vi.waitFor(async () => expect(await inFolder('sent')).toHaveLength(2), { timeout: 15_000, interval: 50 });
  // A dead lead, as the worker leaves it after a permanent refusal.
  ids.dead = newLeadId(new Date(Date.now() - 3 * 3600_000));
  const lead = {
    id: ids.dead,
    form: form.id,
    receivedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    fields: validLead(form, 'Dead'),
    source: { landing: '/blog/a', utm_campaign: 'autumn' },
  };
  await writeFile(
    path.join(config.dataDir, 'spool', 'dead', `${ids.dead}.json`),
    JSON.stringify({ lead, attempts: 7, nextAttemptAt: 0, lastError: '550 No such user here' }),
  );
  // An old sent lead, for purge.
  ids.old = newLeadId(new Date(Date.now() - 400 * 24 * 3600_000));
  await writeFile(
    path.join(config.dataDir, 'spool', 'sent', `${ids.old}.json`),
    JSON.stringify({
      lead: { ...lead, id: ids.old, receivedAt: new Date(Date.now() - 400 * 24 * 3600_000).toISOString() },
      attempts: 1,
      nextAttemptAt: 0,
    }),
  );
});
afterAll(() => app?.close());

describe('reading', () => {
  it('status counts each folder and names the last error', async () => {
    const { stdout, code } = await leads('status');
    expect(code).toBe(0);
    expect(stdout).toMatch(/queue: 0\s+sent: 3\s+dead: 1/);
    expect(stdout).toMatch(/oldest queued: —/);
    expect(stdout).toContain(`last error: 550 No such user here`);
    expect(stdout).toContain(ids.dead);
  });

  it('list shows one folder or all', async () => {
    const dead = await leads('list', 'dead');
    expect(dead.stdout).toContain(ids.dead);
    expect(dead.stdout).not.toContain(ids.plain);
    expect((await leads('list')).stdout.split('\n').filter((line) => /^\d{8}T/.test(line))).toHaveLength(4);
    expect((await leads('list', 'elsewhere')).code).toBe(1);
  });

  it('show gives every field with its form label', async () => {
    const { stdout } = await leads('show', ids.dead);
    expect(stdout).toContain(`Form: ${forms[0].title}`);
    for (const field of forms[0].fields) expect(stdout).toContain(`${field.label}: `);
    expect(stdout).toContain('Last error: 550 No such user here');
    expect(stdout).toContain('Source: landing=/blog/a, utm_campaign=autumn');
  });

  it('refuses an id that is a path, and says so for an unknown one', async () => {
    for (const id of ['../../etc/passwd', '.hidden', 'a/b'])
      expect(await leads('show', id)).toMatchObject({ code: 1, stderr: expect.stringMatching(/is not a lead id/) });
    expect(await leads('show', '20200101T000000000Z-0000000000')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^No lead/),
    });
  });
});

describe('export', () => {
  it('is RFC 4180 CSV with a header row of the form labels, and formulas defused', async () => {
    const { stdout } = await leads('export', '--form', forms[0].id);
    expect(stdout.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(stdout);
    expect(header).toEqual([
      'Lead id',
      'Received at',
      'Status',
      ...forms[0].fields.map((field) => field.label),
      'Language',
    ]);
    expect(rows.map((row) => row[0]).sort()).toEqual([ids.plain, ids.hostile, ids.dead, ids.old].sort());
    const hostile = rows.find((row) => row[0] === ids.hostile)!;
    const textColumn = 3 + forms[0].fields.findIndex((field) => field.kind === 'text');
    expect(hostile[textColumn]).toBe(`'=HYPERLINK("evil.example","Click")`);
    const messageIndex = forms[0].fields.findIndex((field) => field.kind === 'textarea');
    if (messageIndex >= 0) expect(hostile[3 + messageIndex]).toBe('Line one, with "quotes"\nLine two');
    // No cell a spreadsheet would run.
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('--since keeps leads from that day on; a wrong date or form is refused', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const rows = parseCsv((await leads('export', '--since', today)).stdout).slice(1);
    expect(rows.map((row) => row[0])).not.toContain(ids.old);
    expect(rows.map((row) => row[0])).toContain(ids.plain);
    expect((await leads('export', '--since', '23/11/2026')).code).toBe(1);
    expect((await leads('export', '--form', 'nope')).stderr).toMatch(/No form "nope"/);
  });
});

describe('changing', () => {
  it('retry puts a dead lead back with attempts reset, and the running server delivers it', async () => {
    const { stdout, code } = await leads('retry', ids.dead);
    expect(code).toBe(0);
    expect(stdout).toMatch(/1 lead\(s\) back in the queue/);
    expect(await inFolder('dead')).not.toContain(ids.dead);
    await expect.poll(() => inFolder('sent'), { timeout: 5000 }).toContain(ids.dead);
    expect(await readdir(path.join(config.dataDir, 'outbox'))).toContain(`${ids.dead}.eml`);
  });

  it('retry --dead re-queues every dead lead; a sent one cannot be retried', async () => {
    const again = newLeadId();
    await writeFile(
      path.join(config.dataDir, 'spool', 'dead', `${again}.json`),
      JSON.stringify({
        lead: { id: again, form: forms[0].id, receivedAt: new Date().toISOString(), fields: validLead(forms[0]) },
        attempts: 3,
        nextAttemptAt: 0,
        lastError: 'x',
      }),
    );
    expect((await leads('retry', '--dead')).stdout).toMatch(/^1 lead\(s\)/);
    await expect.poll(() => inFolder('sent'), { timeout: 5000 }).toContain(again);
    expect(await leads('retry', ids.plain)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/delivered already/),
    });
  });

  it('purge deletes sent leads older than the given days, and only those', async () => {
    const deadOld = newLeadId(new Date(Date.now() - 500 * 24 * 3600_000));
    await writeFile(path.join(config.dataDir, 'spool', 'dead', `${deadOld}.json`), '{}');
    expect((await leads('purge', '--older-than', '30')).stdout).toMatch(/^1 sent lead\(s\)/);
    expect(await inFolder('sent')).not.toContain(ids.old);
    expect(await inFolder('sent')).toContain(ids.plain);
    expect(await inFolder('dead')).toContain(deadOld);
    expect((await leads('purge')).code).toBe(1);
  });
});

it('a retried lead gets a fresh retry period: an old lead that fails again waits in the queue, not in dead/', async () => {
  const saved = config;
  const dataDir = path.join(config.distDir, '..', `data-${Math.random().toString(36).slice(2)}`);
  // A server whose mail server refuses connections, giving up on a lead after an hour.
  config = {
    ...saved,
    dataDir,
    smtpUrl: 'smtp://127.0.0.1:1',
    retry: { baseMs: 60_000, capMs: 60_000, giveUpAfterMs: 3600_000, rescanMs: 200 },
  };
  const failing = await buildApp({ config });
  try {
    await failing.ready();
    const id = newLeadId(new Date(Date.now() - 3 * 3600_000));
    const lead = {
      id,
      form: forms[0].id,
      receivedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
      fields: validLead(forms[0]),
    };
    await writeFile(
      path.join(dataDir, 'spool', 'dead', `${id}.json`),
      JSON.stringify({ lead, attempts: 9, nextAttemptAt: 0, lastError: 'old' }),
    );
    expect((await leads('retry', id)).code).toBe(0);
    await expect
      .poll(async () => (await leads('show', id)).stdout, { timeout: 10_000 })
      .toMatch(/Attempts: 1\n[\s\S]*Last error: .*ECONNREFUSED/);
    expect((await leads('show', id)).stdout).toContain('Status: queue');
  } finally {
    await failing.close();
    config = saved;
  }
});

it('without a spool it says where it looked', async () => {
  const saved = config.dataDir;
  await rename(saved, `${saved}-moved`);
  try {
    expect(await leads('status')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/No lead spool in .*Set DATA_DIR/),
    });
  } finally {
    await rename(`${saved}-moved`, saved);
  }
});
