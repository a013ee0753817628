// Lead throughput to two destinations: the real server entry in its own process, a real SMTP
// server and a real HTTP receiver (the test fixtures), leads posted over 8 connections. Reported:
// leads accepted per second, and leads delivered per second to each destination (from the first
// post until that destination has every lead), beside the same run with mail alone.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { startSmtp } from '../../tests/fixtures/smtp.ts';
import { startReceiver } from '../../tests/fixtures/webhook-receiver.ts';
import { post, startServer } from './outage.ts';

export interface DestinationsRow {
  destinations: string;
  leads: number;
  acceptedPerSecond: number;
  mailPerSecond: number;
  webhookPerSecond: number | null;
}

async function run(root: string, distDir: string, form: FormDefinition, leads: number, webhook: boolean) {
  const smtp = await startSmtp();
  const receiver = await startReceiver();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-destinations-'));
  const env: Record<string, string> = webhook
    ? { LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: 'bench secret' }
    : {};
  const server = await startServer(root, distDir, dataDir, smtp.port, env);
  try {
    const started = performance.now();
    const postSeconds = await post(`${server.url}${form.endpoint}`, form, leads);
    const doneAt = async (count: () => number) => {
      while (count() < leads) await sleep(20);
      return (performance.now() - started) / 1000;
    };
    const [mailSeconds, webhookSeconds] = await Promise.all([
      doneAt(() => smtp.received.length),
      webhook ? doneAt(() => receiver.received.length) : Promise.resolve(null),
    ]);
    return {
      destinations: webhook ? 'mail + webhook' : 'mail only',
      leads,
      acceptedPerSecond: Math.round(leads / postSeconds),
      mailPerSecond: Math.round(leads / mailSeconds),
      webhookPerSecond: webhookSeconds === null ? null : Math.round(leads / webhookSeconds),
    };
  } finally {
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
    await Promise.all([smtp.close(), receiver.close()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runDestinations(
  root: string,
  distDir: string,
  forms: FormDefinition[],
  leads: number,
): Promise<DestinationsRow[]> {
  const [form] = forms;
  return [await run(root, distDir, form, leads, false), await run(root, distDir, form, leads, true)];
}
