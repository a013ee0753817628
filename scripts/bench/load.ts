// Requests per second and p99 latency for the prerendered home page, from Fastify (its real
// entry, in its own process) and from nginx on the same dist/, one after the other on loopback.
// Bounded: a fixed duration per server, loopback only.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { waitForServer } from '../wait-for-server.ts';
import { freePort } from '../../tests/fixtures/smtp.ts';
import { nginxConfig } from '../deploy/nginx-config.ts';
import { ensureNginx, startNginx } from '../deploy/run-nginx.ts';

export interface LoadRow {
  server: 'fastify' | 'nginx';
  url: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

async function hammer(server: LoadRow['server'], url: string, seconds: number): Promise<LoadRow> {
  const result = await autocannon({ url, connections: 32, duration: seconds, headers: { 'accept-encoding': 'br' } });
  return {
    server,
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function startFastify(root: string, distDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DATA_DIR: path.join(tmpdir(), 'bench-data'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer(child, `http://127.0.0.1:${port}/`, {
    name: 'the Fastify server',
    timeoutMs: 10_000,
    ready: (response) => response.ok,
  });
  return child;
}

/** Every route, redirect, an unknown path and the manifest: nginx must answer as Fastify does. */
async function parity(manifest: SiteManifest, fastify: string, nginx: string): Promise<string[]> {
  const probes = [
    ...manifest.routes,
    ...manifest.redirects.map((r) => r.from),
    '/no-such-page',
    '/services/',
    '/_site.json',
    '/assets/..%2f_site.json',
    '/sitemap.xml',
  ];
  const mismatches: string[] = [];
  for (const probe of probes) {
    const [a, b] = await Promise.all([fastify, nginx].map((base) => fetch(base + probe, { redirect: 'manual' })));
    const where = (r: Response) => `${r.status}${r.headers.get('location') ? ` → ${r.headers.get('location')}` : ''}`;
    if (where(a) !== where(b)) mismatches.push(`${probe}: fastify ${where(a)}, nginx ${where(b)}`);
  }
  return mismatches;
}

export async function runLoad(
  root: string,
  distDir: string,
  seconds = 10,
): Promise<{ rows: LoadRow[]; mismatches: string[] }> {
  ensureNginx();
  const manifest = JSON.parse(await readFile(path.join(distDir, '_site.json'), 'utf8')) as SiteManifest;
  const [fastifyPort, nginxPort] = [await freePort(), await freePort()];
  const fastify = await startFastify(root, distDir, fastifyPort);
  // The nginx.conf an operator gets from `npm run nginx-config`, in front of the same Fastify.
  const config = nginxConfig({
    distDir,
    manifest,
    listen: `127.0.0.1:${nginxPort}`,
    upstreams: [`127.0.0.1:${fastifyPort}`],
    rateLimit: 0,
  });
  const nginx = await startNginx({
    config,
    prefix: path.join(tmpdir(), `bench-nginx-${nginxPort}`),
    url: `http://127.0.0.1:${nginxPort}/`,
  }).catch((error) => {
    fastify.kill();
    throw error;
  });
  try {
    const urls = { fastify: `http://127.0.0.1:${fastifyPort}`, nginx: `http://127.0.0.1:${nginxPort}` };
    const mismatches = await parity(manifest, urls.fastify, urls.nginx);
    const rows: LoadRow[] = [];
    // One server at a time (the other idles); a short warm-up run first, not reported.
    for (const server of ['fastify', 'nginx'] as const) {
      await hammer(server, `${urls[server]}/`, 2);
      rows.push(await hammer(server, `${urls[server]}/`, seconds));
    }
    return { rows, mismatches };
  } finally {
    fastify.kill('SIGTERM');
    nginx.kill('SIGTERM');
  }
}
