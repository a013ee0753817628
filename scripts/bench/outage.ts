// Leads accepted per second while the mail server is down (SMTP_URL pointing at a closed port),
// on an empty queue and behind 6,000 queued leads, from the real server entry in its own process.
// Each round starts both servers afresh (so the "empty" queue is empty again) and measures them
// in alternating slices; the medians of the rounds are reported. The warnings each server logged are counted:
// an outage should cost one line, not one per lead and try.
import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { newLeadId } from '../../server/leads/spool.ts';
import { validLead } from '../../tests/fixtures/leads.ts';
import { freePort } from '../../tests/fixtures/smtp.ts';
import { waitForServer } from '../wait-for-server.ts';

export interface OutageResult {
  backlog: number;
  leadsPerRound: number;
  /** Leads/s accepted on an empty queue, one value per round. */
  empty: number[];
  /** Leads/s accepted behind the backlog, one value per round. */
  behind: number[];
  /** Warnings each server logged in a round (start-up, warm-up and measurement). */
  emptyWarnings: number[];
  behindWarnings: number[];
  /** The medians of `empty` and `behind`, and the second over the first. */
  emptyMedian: number;
  behindMedian: number;
  ratio: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Writes `count` queued leads as the server would have, the oldest a few hours old. */
async function fillQueue(dataDir: string, form: FormDefinition, count: number): Promise<void> {
  const queue = path.join(dataDir, 'spool', 'queue');
  await mkdir(queue, { recursive: true });
  const start = Date.now() - 3 * 3600_000;
  for (let i = 0; i < count; i++) {
    const receivedAt = new Date(start + i * 1000);
    const id = newLeadId(receivedAt);
    await writeFile(
      path.join(queue, `${id}.json`),
      JSON.stringify({
        lead: { id, form: form.id, receivedAt: receivedAt.toISOString(), fields: validLead(form, `Queued ${i}`) },
        attempts: 0,
        nextAttemptAt: 0,
      }),
    );
  }
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  warnings: () => number;
}

export async function startServer(
  root: string,
  distDir: string,
  dataDir: string,
  smtpPort: number,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...extraEnv,
  };
  const child = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitForServer(child, `${url}/healthz`, {
    name: 'the Fastify server',
    timeoutMs: 30_000,
    ready: (response) => response.ok,
    output: () => output,
  });
  // Whole lines only: a chunk may end mid-line.
  const lines = () =>
    output
      .slice(0, output.lastIndexOf('\n') + 1)
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number });
  return { child, url, warnings: () => lines().filter((line) => line.level >= 40).length };
}

/** Posts `amount` leads, each with its own text (the same message again would be judged spam);
 * returns the seconds it took. */
export async function post(url: string, form: FormDefinition, amount: number): Promise<number> {
  const started = performance.now();
  let sent = 0;
  const result = await autocannon({
    url,
    headers: { 'content-type': 'application/json' },
    amount,
    connections: 8,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, body: JSON.stringify(validLead(form, `Bench ${sent++}`)) }),
      },
    ],
  });
  if (result.non2xx || result.errors)
    throw new Error(
      `${result.non2xx} answers other than 2xx and ${result.errors} errors while posting leads to ${url}`,
    );
  return (performance.now() - started) / 1000;
}

export async function runOutage(
  root: string,
  distDir: string,
  forms: FormDefinition[],
  options: { rounds: number; leads: number; backlog?: number },
): Promise<OutageResult> {
  const backlog = options.backlog ?? 6000;
  const [form] = forms;
  const result: OutageResult = {
    backlog,
    leadsPerRound: options.leads,
    empty: [],
    behind: [],
    emptyWarnings: [],
    behindWarnings: [],
    emptyMedian: 0,
    behindMedian: 0,
    ratio: 0,
  };
  for (let round = 0; round < options.rounds; round++) {
    // A port nothing listens on: every connection is refused, as when the mail server is down.
    const smtpPort = await freePort();
    const [emptyDir, backlogDir] = [
      await mkdtemp(path.join(tmpdir(), 'bench-outage-')),
      await mkdtemp(path.join(tmpdir(), 'bench-outage-')),
    ];
    await fillQueue(backlogDir, form, backlog);
    // Flushed before measuring: the kernel writing those 6,000 files back would otherwise compete
    // with the measured leads' fsyncs, and the bench would measure its own setup.
    execFileSync('sync', ['--file-system', backlogDir]);
    const servers = [
      await startServer(root, distDir, emptyDir, smtpPort),
      await startServer(root, distDir, backlogDir, smtpPort),
    ];
    try {
      const [empty, behind] = servers;
      // The backlog is indexed before the server answers; its first delivery try finds mail down
      // (and says so: the one warning expected).
      while (backlog > 0 && behind.warnings() === 0) await sleep(50);
      // Warm-up, not reported: the first lead on the empty queue finds mail down the same way.
      for (const server of servers) await post(`${server.url}${form.endpoint}`, form, 100);
      // Measured in slices that alternate between the two servers, so that a busy moment on a
      // shared machine falls on both alike.
      const seconds = [0, 0];
      const slices = 5;
      for (let slice = 0; slice < slices; slice++) {
        const order = slice % 2 === 0 ? [0, 1] : [1, 0];
        for (const which of order)
          seconds[which] += await post(`${servers[which].url}${form.endpoint}`, form, options.leads / slices);
      }
      result.empty.push(Math.round(options.leads / seconds[0]));
      result.behind.push(Math.round(options.leads / seconds[1]));
      result.emptyWarnings.push(empty.warnings());
      result.behindWarnings.push(behind.warnings());
    } finally {
      await Promise.all(servers.map((server) => (server.child.kill('SIGTERM'), once(server.child, 'exit'))));
      for (const dir of [emptyDir, backlogDir]) await rm(dir, { recursive: true, force: true });
    }
  }
  result.emptyMedian = median(result.empty);
  result.behindMedian = median(result.behind);
  result.ratio = Number((result.behindMedian / result.emptyMedian).toFixed(2));
  return result;
}
