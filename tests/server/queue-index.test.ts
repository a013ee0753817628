// The worker's in-memory queue: arrival order whatever the order of adding, and a re-list of the
// folder that picks up files other processes put there, drops the ones gone, and keeps a lead
// added while the listing ran.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { QueueIndex } from '../../server/leads/queue-index.ts';
import { newLeadId, Spool } from '../../server/leads/spool.ts';

const ids = (count: number) =>
  Array.from({ length: count }, (_, i) => newLeadId(new Date(Date.UTC(2026, 0, 1, 0, 0, i))));

it('keeps arrival order and counts, whatever order leads are added in', () => {
  const queue = new QueueIndex();
  const [a, b, c] = ids(3).map((id) => `${id}.json`);
  for (const file of [b, c, a, b]) queue.add(file);
  expect(queue.all()).toEqual([a, b, c]);
  expect(queue.size).toBe(3);
  expect(queue.oldestReceivedAt()).toBe(Date.UTC(2026, 0, 1, 0, 0, 0));
  queue.remove(a);
  queue.remove(a);
  expect(queue.first()).toBe(b);
});

it('sync adds what another process queued, drops what is gone, and keeps a lead added meanwhile', async () => {
  const spool = new Spool(await mkdtemp(path.join(tmpdir(), 'queue-index-')));
  await spool.init();
  const [old, fromCli, added] = ids(3).map((id) => `${id}.json`);
  const queue = new QueueIndex();
  await writeFile(path.join(spool.folder('queue'), old), '{}');
  await queue.sync(spool);
  expect(queue.all()).toEqual([old]);
  await rm(path.join(spool.folder('queue'), old));
  await writeFile(path.join(spool.folder('queue'), fromCli), '{}');
  const syncing = queue.sync(spool);
  // A lead the server itself just accepted, indexed while the folder is being listed.
  queue.add(added);
  await syncing;
  expect(queue.all()).toEqual([fromCli, added]);
});
