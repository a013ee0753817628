// kill -9 during a burst of submissions, then a restart: every lead that was answered with a 2xx
// is delivered. Counted lead by lead, not sampled.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileSite } from '../../scripts/content/load-site.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { startChildServer } from '../fixtures/child-server.ts';
import { writeDist } from '../fixtures/dist-fixture.ts';
import { freePort, startSmtp, type TestSmtp } from '../fixtures/smtp.ts';

const root = path.join(import.meta.dirname, '..', '..');
let smtp: TestSmtp;
let distDir: string;
let dataDir: string;
const children: ChildProcess[] = [];

async function startServer(port: number): Promise<ChildProcess> {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    RATE_LIMIT: '0',
    LEAD_RETRY_BASE_MS: '100',
    LEAD_RETRY_CAP_MS: '500',
  };
  const child = await startChildServer(path.join(root, 'server', 'main.ts'), { url: `http://127.0.0.1:${port}/`, env });
  children.push(child);
  return child;
}

beforeAll(async () => {
  const { forms } = await compileSite({ root: fixtureSiteRoot });
  distDir = await writeDist(forms);
  dataDir = await mkdtemp(path.join(tmpdir(), 'crash-data-'));
  smtp = await startSmtp();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await smtp.close();
});

it('every acknowledged lead survives kill -9 and is delivered after the restart', async () => {
  const port = await freePort();
  const server = await startServer(port);
  const acknowledged: string[] = [];
  let answered = 0;
  let killed = false;
  const submit = async (n: number) => {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/email/api/sendEmail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Burst ${n}`,
          email: `lead${n}@example.com`,
          company: 'Acme',
          role: 'Director',
          submittedAt: new Date().toISOString(),
        }),
      });
      if (response.status === 202) acknowledged.push(((await response.json()) as { id: string }).id);
    } catch {
      // The connection died with the process: this lead was never acknowledged.
    }
    answered++;
    if (answered === 60 && !killed) {
      killed = true;
      server.kill('SIGKILL');
    }
  };
  // 200 submissions, 8 in flight at a time; the process is killed in the middle of the burst.
  const queue = Array.from({ length: 200 }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (queue.length) await submit(queue.shift()!);
    }),
  );
  expect(killed).toBe(true);
  expect(acknowledged.length).toBeGreaterThanOrEqual(50);

  await startServer(port);
  const delivered = () => new Set(smtp.received.map((mail) => mail.headers['x-lead-id']));
  await expect
    .poll(() => acknowledged.filter((id) => !delivered().has(id)), { timeout: 30_000, interval: 200 })
    .toEqual([]);
  console.log(
    `kill -9 test: ${acknowledged.length} leads acknowledged, ${acknowledged.filter((id) => delivered().has(id)).length} delivered, ${smtp.received.length - delivered().size} duplicates`,
  );
}, 60_000);
