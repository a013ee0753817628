// LEAD_RETENTION_DAYS: the server deletes sent leads older than that, at start and daily; queued
// and dead leads are never purged automatically.
import type { FastifyBaseLogger } from 'fastify';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { scheduleRetention } from '../../server/leads/retention.ts';
import { newLeadId, type Spool } from '../../server/leads/spool.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureForms } from '../fixtures/leads.ts';

let distDir: string;
beforeAll(async () => (distDir = await writeDist(await fixtureForms())));

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);

it('deletes sent leads older than LEAD_RETENTION_DAYS and nothing else', async () => {
  const config = testConfig(distDir, {
    dataDir: path.join(distDir, '..', `data-${Math.random().toString(36).slice(2)}`),
    leadRetentionDays: 30,
  });
  // The app creates the spool folders; write leads of several ages into each, then start it again.
  await (await buildApp({ config })).close();
  const files: Record<string, string[]> = { sent: [], queue: [], dead: [] };
  for (const folder of Object.keys(files)) {
    for (const age of [400, 31, 29, 1]) {
      const id = newLeadId(daysAgo(age));
      files[folder].push(`${id}.json`);
      const entry = {
        lead: { id, form: 'none', receivedAt: daysAgo(age).toISOString(), fields: {} },
        attempts: 1,
        nextAttemptAt: Date.now() + 3600_000,
      };
      await writeFile(path.join(config.dataDir, 'spool', folder, `${id}.json`), JSON.stringify(entry));
    }
  }
  const app = await buildApp({ config });
  await app.ready();
  const inFolder = (folder: string) =>
    readdir(path.join(config.dataDir, 'spool', folder)).then((names) => names.sort());
  await expect.poll(() => inFolder('sent'), { timeout: 15_000 }).toEqual(files.sent.slice(2).sort());
  expect(await inFolder('queue')).toEqual(files.queue.sort());
  expect(await inFolder('dead')).toEqual(files.dead.sort());
  await app.close();
});

it('LEAD_RETENTION_DAYS=0 keeps sent leads forever: no purge runs, at start or later', () => {
  // Asked of the scheduler itself: that a purge did not happen cannot be waited for.
  const purged: number[] = [];
  const spool = { purgeSent: async (cutoff: number) => (purged.push(cutoff), 0) } as unknown as Spool;
  const log = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
  const stop = scheduleRetention(spool, 0, log);
  stop();
  expect(purged).toEqual([]);
  // The same call with a period purges at once, so the check above can fail.
  scheduleRetention(spool, 30, log)();
  expect(purged).toHaveLength(1);
});
