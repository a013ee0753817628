// The audit log on real files: events come back as written, one per line; two processes appending
// at once never interleave their lines; a line cut off by a crash is skipped and counted, and the
// next event after it still reads.
import { execFile } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { appendAudit, auditFile, readAudit, readAuditLog } from '../../server/studio-access/audit.ts';

const writer = path.join(import.meta.dirname, '..', 'fixtures', 'studio-access-writer.ts');
let dataDir: string;
beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'audit-')), 'data');
});
afterEach(() => rm(path.dirname(dataDir), { recursive: true, force: true }));

it('is empty before anything happened, then keeps each event with its time, one JSON line each', async () => {
  expect(await readAudit(dataDir)).toEqual([]);
  const at = new Date('2026-11-27T10:00:00.000Z');
  const first = await appendAudit(
    dataDir,
    { who: 'ann@example.com', action: 'sign-in', detail: 'by e-mailed link' },
    at,
  );
  expect(first).toEqual({
    at: at.toISOString(),
    who: 'ann@example.com',
    action: 'sign-in',
    detail: 'by e-mailed link',
  });
  // A detail with line breaks stays on its one line.
  await appendAudit(dataDir, { who: 'ann@example.com', action: 'save', detail: 'Home page:\nhero headline' });
  const events = await readAudit(dataDir);
  expect(events.map((e) => [e.action, e.detail])).toEqual([
    ['sign-in', 'by e-mailed link'],
    ['save', 'Home page:\nhero headline'],
  ]);
  expect(Date.parse(events[1].at)).toBeGreaterThanOrEqual(at.getTime());
  expect((await readFile(auditFile(dataDir), 'utf8')).split('\n')).toHaveLength(3);
  // Who did what is personal data: readable by the server's user only.
  expect((await stat(auditFile(dataDir))).mode & 0o777).toBe(0o600);
});

it('cuts a very long detail instead of writing a line of any length', async () => {
  await appendAudit(dataDir, { who: 'owner', action: 'publish', detail: 'y'.repeat(10_000) });
  const [event] = await readAudit(dataDir);
  expect(event.detail.length).toBe(2000);
  expect(event.detail.endsWith('…')).toBe(true);
});

it('two processes appending 200 events each at once: every line parses, none is lost or mixed', async () => {
  const run = (name: string) => promisify(execFile)(process.execPath, [writer, 'audit', dataDir, name, '200']);
  await Promise.all([run('ann'), run('bob')]);
  const lines = (await readFile(auditFile(dataDir), 'utf8')).split('\n');
  expect(lines.pop()).toBe('');
  expect(lines).toHaveLength(400);
  const events = lines.map((line) => JSON.parse(line) as { who: string; detail: string });
  for (const name of ['ann', 'bob']) {
    const own = events.filter((e) => e.who === `${name}@example.com`).map((e) => e.detail);
    // Each process's events, whole and in its order.
    expect(own).toEqual(Array.from({ length: 200 }, (_, i) => `${name} save ${i} ${'x'.repeat(i)}`));
  }
  expect((await readAuditLog(dataDir)).skipped).toBe(0);
}, 120_000);

it('skips and counts a last line cut off by a crash, and the next event still reads', async () => {
  await appendAudit(dataDir, { who: 'ann@example.com', action: 'save', detail: 'one' });
  await appendAudit(dataDir, { who: 'ann@example.com', action: 'publish', detail: 'two' });
  // What a crash in the middle of a write leaves: the start of a line, no line break.
  await appendFile(auditFile(dataDir), '{"at":"2026-11-27T10:00:00.000Z","who":"ann@exa');
  expect(await readAuditLog(dataDir)).toMatchObject({ skipped: 1, events: [{ detail: 'one' }, { detail: 'two' }] });
  await appendAudit(dataDir, { who: 'bob@example.com', action: 'rollback', detail: 'three' });
  const after = await readAuditLog(dataDir);
  expect(after.events.map((e) => e.detail)).toEqual(['one', 'two', 'three']);
  expect(after.skipped).toBe(1);
});

it('skips lines that parse but are not events (a hand edit), rather than showing them', async () => {
  await appendAudit(dataDir, { who: 'ann@example.com', action: 'save', detail: 'one' });
  await appendFile(
    auditFile(dataDir),
    [
      '[1,2]',
      '{"at":"yesterday","who":"x","action":"save","detail":""}',
      '{"at":"2026-11-27T10:00:00Z","who":"x","action":"delete-all","detail":""}',
      '',
    ].join('\n'),
  );
  expect(await readAuditLog(dataDir)).toMatchObject({ skipped: 3, events: [{ detail: 'one' }] });
});
