// The lead worker against a fake destination (a Mailer that records every try and answers as the
// test says) and a real spool on disk: order, backoff while the destination is down, a permanent
// refusal, expiry after the retry period, and damaged spool files, which are moved to dead/ and
// named in the log and by `npm run leads -- status` and `list`.
import type { FastifyBaseLogger } from 'fastify';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SendMailOptions } from 'nodemailer';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { mailDestination } from '../../server/leads/destinations.ts';
import type { Mailer } from '../../server/leads/mailer.ts';
import { QueueIndex } from '../../server/leads/queue-index.ts';
import { DamagedLeadError, parseSpoolEntry } from '../../server/leads/spool-entry.ts';
import { newLeadId, Spool, type SpoolEntry } from '../../server/leads/spool.ts';
import { backoff, type RetryPolicy } from '../../server/leads/retry-policy.ts';
import { DeliveryWorker } from '../../server/leads/worker.ts';
import { fixtureForms, validLead } from '../fixtures/leads.ts';

const root = path.join(import.meta.dirname, '..', '..');
let form: FormDefinition;
beforeAll(async () => {
  [form] = await fixtureForms();
});

type Answer = 'accept' | 'unreachable' | 'refuse';

/** The destination: records each try (lead id, time) and answers by `answer`. */
class FakeDestination implements Mailer {
  describe = 'a fake destination';
  tries: { id: string; at: number }[] = [];
  delivered: string[] = [];
  answer: (id: string, tryNumber: number) => Answer = () => 'accept';
  async send(message: SendMailOptions): Promise<void> {
    const id = (message.headers as Record<string, string>)['X-Lead-Id'];
    this.tries.push({ id, at: Date.now() });
    const answer = this.answer(id, this.tries.length);
    if (answer === 'unreachable') throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), {});
    if (answer === 'refuse') throw Object.assign(new Error('550 No such user here'), { responseCode: 550 });
    this.delivered.push(id);
  }
  close(): void {}
}

/** A logger that keeps every line, as pino would print it, for the test to read. */
function recordingLog() {
  const lines: { level: string; data: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (data: Record<string, unknown>, message: string) =>
    void lines.push({ level, data, message });
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug'), trace: at('trace') };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function setUp(retry: Partial<RetryPolicy> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lead-worker-'));
  const spool = new Spool(path.join(dataDir, 'spool'));
  await spool.init();
  const destination = new FakeDestination();
  const { lines, log } = recordingLog();
  const worker = new DeliveryWorker({
    spool,
    queue: new QueueIndex(),
    destinations: [
      mailDestination(destination, () => ({
        from: { name: 'Site', address: 'site@example.com' },
        to: 'sales@example.com',
        siteName: 'Site',
        messageIdDomain: 'example.com',
      })),
    ],
    forms: () => [form],
    retry: { baseMs: 40, capMs: 160, giveUpAfterMs: 3600_000, rescanMs: 60_000, ...retry },
    log,
  });
  const queueLead = async (receivedAt: Date): Promise<string> => {
    const id = newLeadId(receivedAt);
    await spool.write({
      lead: { id, form: form.id, receivedAt: receivedAt.toISOString(), fields: validLead(form) },
      attempts: 0,
      nextAttemptAt: 0,
    });
    return id;
  };
  const inFolder = async (folder: string) => (await readdir(spool.folder(folder as 'queue'))).sort();
  return { dataDir, spool, destination, lines, worker, queueLead, inFolder };
}

const within = { timeout: 15_000, interval: 20 };

describe('the lead worker with a fake destination', () => {
  it('delivers leads oldest first, whatever order their files were written in', async () => {
    const { destination, worker, queueLead, inFolder } = await setUp();
    const middle = await queueLead(minutesAgo(2));
    const newest = await queueLead(minutesAgo(1));
    const oldest = await queueLead(minutesAgo(3));
    await worker.start();
    await vi.waitFor(() => expect(destination.delivered).toHaveLength(3), within);
    await worker.stop();
    expect(destination.delivered).toEqual([oldest, middle, newest]);
    expect(await inFolder('sent')).toEqual([oldest, middle, newest].map((id) => `${id}.json`));
    expect(await inFolder('queue')).toEqual([]);
  });

  it('while the destination is down tries only the oldest lead, on a doubling backoff, then the rest in order', async () => {
    const { destination, worker, queueLead, lines, spool } = await setUp();
    const first = await queueLead(minutesAgo(2));
    const second = await queueLead(minutesAgo(1));
    destination.answer = (_id, tryNumber) => (tryNumber <= 5 ? 'unreachable' : 'accept');
    await worker.start();
    await vi.waitFor(() => expect(destination.delivered).toHaveLength(2), within);
    await worker.stop();
    expect(destination.tries.slice(0, 6).map((t) => t.id)).toEqual(Array(6).fill(first));
    expect(destination.delivered).toEqual([first, second]);
    // After the n-th failure the wait is base × 2^(n-1), capped, less at most 20% of jitter.
    const gaps = destination.tries.slice(1, 6).map((t, i) => t.at - destination.tries[i].at);
    gaps.forEach((gap, i) =>
      expect(gap, `wait after failure ${i + 1}`).toBeGreaterThanOrEqual(0.8 * Math.min(160, 40 * 2 ** i) - 5),
    );
    expect(lines.filter((l) => l.message.startsWith('mail server unreachable'))).toHaveLength(1);
    expect(lines.filter((l) => l.message.startsWith('mail server reachable again'))).toHaveLength(1);
    expect((await spool.read('sent', `${first}.json`)).attempts).toBe(6);
  });

  it('backoff doubles from the base up to the cap, within 20% either way', () => {
    const policy = { baseMs: 1000, capMs: 8000, giveUpAfterMs: 0, rescanMs: 0 };
    for (const [attempts, expected] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
      [4, 8000],
      [9, 8000],
    ]) {
      for (let i = 0; i < 50; i++) {
        const wait = backoff(attempts, policy);
        expect(wait).toBeGreaterThanOrEqual(0.8 * expected);
        expect(wait).toBeLessThanOrEqual(1.2 * expected);
      }
    }
  });

  it('a permanent refusal moves that lead alone to dead/; the next is delivered', async () => {
    const { destination, worker, queueLead, inFolder, spool } = await setUp();
    const refused = await queueLead(minutesAgo(2));
    const next = await queueLead(minutesAgo(1));
    destination.answer = (id) => (id === refused ? 'refuse' : 'accept');
    await worker.start();
    await vi.waitFor(() => expect(destination.delivered).toEqual([next]), within);
    await worker.stop();
    expect(await inFolder('dead')).toEqual([`${refused}.json`]);
    expect(await spool.read('dead', `${refused}.json`)).toMatchObject({
      attempts: 1,
      lastError: '550 No such user here',
    });
    expect(destination.tries.filter((t) => t.id === refused)).toHaveLength(1);
  });

  it('a lead still undelivered after the retry period goes to dead/; a younger one waits in the queue', async () => {
    const { destination, worker, queueLead, inFolder, spool } = await setUp({ giveUpAfterMs: 60 * 60_000 });
    const expired = await queueLead(minutesAgo(61));
    const young = await queueLead(minutesAgo(59));
    destination.answer = () => 'unreachable';
    await worker.start();
    await vi.waitFor(async () => expect(await inFolder('dead')).toEqual([`${expired}.json`]), within);
    await worker.stop();
    expect((await spool.read('dead', `${expired}.json`)).lastError).toMatch(/still undelivered after LEAD_RETRY_HOURS/);
    expect(await inFolder('queue')).toEqual([`${young}.json`]);
    expect(destination.delivered).toEqual([]);
  });
});

describe('damaged spool files', () => {
  const entry = (id: string): SpoolEntry => ({
    lead: { id, form: 'inquiry', receivedAt: new Date().toISOString(), fields: { name: 'A visitor' } },
    attempts: 0,
    nextAttemptAt: 0,
  });
  const reasonOf = (file: string, text: string) => {
    try {
      parseSpoolEntry(file, text);
      return 'valid';
    } catch (error) {
      return error instanceof DamagedLeadError ? error.reason : String(error);
    }
  };

  it('are refused when read, each with its reason and never the text it holds', () => {
    const id = newLeadId();
    const file = `${id}.json`;
    expect(reasonOf(file, JSON.stringify(entry(id)))).toBe('valid');
    expect(reasonOf(file, '{"lead": {"fields": {"name": "Secret Person"')).toMatch(/^not JSON/);
    expect(reasonOf(file, '{"lead": {"fields": {"name": "Secret Person"')).not.toContain('Secret');
    expect(reasonOf(file, JSON.stringify({ ...entry(id), attempts: 'many' }))).toBe('attempts must be integer');
    expect(reasonOf(file, JSON.stringify({ ...entry(id), lead: { ...entry(id).lead, receivedAt: 'soon' } }))).toBe(
      'lead/receivedAt must match format "date-time"',
    );
    const withHoneypot = entry(id);
    withHoneypot.lead.fields.website = 'spam.example';
    expect(reasonOf(file, JSON.stringify(withHoneypot))).toBe('lead/fields holds the honeypot field');
    const control = entry(id);
    control.lead.fields.name = 'A\u0000B';
    expect(reasonOf(file, JSON.stringify(control))).toMatch(/^lead\/fields\/name must match pattern/);
    expect(reasonOf(file, JSON.stringify(entry('../../etc/passwd')))).toMatch(/^lead\/id must match pattern/);
    expect(reasonOf(`${newLeadId(minutesAgo(1))}.json`, JSON.stringify(entry(id)))).toBe(
      `its lead id ${id} is not its file name`,
    );
  });

  it('are moved to dead/ and named in the log, the next lead is delivered, and npm run leads names them', async () => {
    const { dataDir, destination, worker, queueLead, inFolder, lines, spool } = await setUp();
    const cut = `${newLeadId(minutesAgo(4))}.json`;
    const wrongShape = `${newLeadId(minutesAgo(3))}.json`;
    await writeFile(path.join(spool.folder('queue'), cut), '{"lead": {"id": ');
    await writeFile(
      path.join(spool.folder('queue'), wrongShape),
      JSON.stringify({ ...entry(wrongShape.replace('.json', '')), attempts: 'many' }),
    );
    const good = await queueLead(minutesAgo(1));
    await worker.start();
    await vi.waitFor(() => expect(destination.delivered).toEqual([good]), within);
    await worker.stop();
    expect(destination.tries.map((t) => t.id)).toEqual([good]);
    expect(await inFolder('dead')).toEqual([`${cut}.unreadable`, `${wrongShape}.unreadable`]);
    const errors = lines.filter((l) => l.level === 'error').map((l) => l.message);
    expect(errors).toEqual([
      expect.stringMatching(new RegExp(`^damaged lead file ${cut} moved to dead/${cut}\\.unreadable: not JSON`)),
      `damaged lead file ${wrongShape} moved to dead/${wrongShape}.unreadable: attempts must be integer`,
    ]);
    expect(await readFile(path.join(spool.folder('dead'), `${cut}.unreadable`), 'utf8')).toBe('{"lead": {"id": ');

    const env = { ...process.env, DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'no-build') };
    const leads = (...args: string[]) =>
      promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'leads.ts'), ...args], { env });
    const { stdout: status } = await leads('status');
    expect(status).toContain(`    dead/${cut}.unreadable: not JSON`);
    expect(status).toContain(`    dead/${wrongShape}.unreadable: attempts must be integer`);
    const { stdout: list } = await leads('list', 'dead');
    expect(list).toMatch(
      new RegExp(`${wrongShape.replace('.json', '')} +dead +\\(damaged\\).*damaged: attempts must be integer`),
    );
  });
});
