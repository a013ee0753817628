// The launch topology: Debian's nginx, configured by `npm run nginx-config`, in front of two server
// instances with their own DATA_DIR. Through nginx the site answers exactly as one instance does,
// one client is limited across both instances, and a burst of leads survives one instance being
// killed -9 and restarted: every lead answered 2xx is delivered, and both instances took leads.
import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { ensureNginx, startNginx } from '../../scripts/deploy/run-nginx.ts';
import { readManifest } from '../../server/plugins/site.ts';
import { publicPath } from '../../server/public-files.ts';
import { headersForMediaType, securityHeaders } from '../../server/security-headers.ts';
import { startChildServer } from '../fixtures/child-server.ts';
import { writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureForms, validLead } from '../fixtures/leads.ts';
import { freePort, startSmtp, type TestSmtp } from '../fixtures/smtp.ts';

const root = path.join(import.meta.dirname, '..', '..');
const RATE_LIMIT = 3;
let manifest: SiteManifest;
let distDir: string;
let smtp: TestSmtp;
let nginx: ChildProcess;
let nginxUrl: string;
let prefix: string;
const instances: { port: number; dataDir: string; child?: ChildProcess }[] = [];

async function startInstance(instance: (typeof instances)[number]): Promise<void> {
  const env = {
    ...process.env,
    PORT: String(instance.port),
    HOST: '127.0.0.1',
    DIST_DIR: distDir,
    DATA_DIR: instance.dataDir,
    SMTP_URL: smtp.url,
    RATE_LIMIT: String(RATE_LIMIT),
    TRUST_PROXY: '127.0.0.1',
    LEAD_RETRY_BASE_MS: '100',
    LEAD_RETRY_CAP_MS: '500',
  };
  instance.child = await startChildServer(path.join(root, 'server', 'main.ts'), {
    url: `http://127.0.0.1:${instance.port}/healthz`,
    env,
  });
}

/** A POST from a given loopback address, so each burst lead is its own client to nginx. */
function post(
  url: string,
  body: unknown,
  localAddress = '127.0.0.1',
  forwardedFor?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) };
    const req = request(url, { method: 'POST', localAddress, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const leadsIn = async (dataDir: string) =>
  (await Promise.all(['queue', 'sent', 'dead'].map((folder) => readdir(path.join(dataDir, 'spool', folder)))))
    .flat()
    .filter((f) => f.endsWith('.json'));

beforeAll(async () => {
  ensureNginx();
  const forms = await fixtureForms();
  distDir = await writeDist(forms);
  // nginx runs as an unprivileged user: the build must be readable by anyone, as a deployed one is.
  await chmod(distDir, 0o755);
  manifest = await readManifest(distDir);
  smtp = await startSmtp();
  for (let i = 0; i < 2; i++)
    instances.push({ port: await freePort(), dataDir: await mkdtemp(path.join(tmpdir(), `instance-${i}-`)) });
  await Promise.all(instances.map(startInstance));
  const port = await freePort();
  const upstreams = instances.flatMap((instance) => ['--upstream', `127.0.0.1:${instance.port}`]);
  const { stdout: config } = await promisify(execFile)(
    process.execPath,
    [path.join(root, 'scripts', 'nginx-config.ts'), '--listen', `127.0.0.1:${port}`, ...upstreams],
    {
      env: { ...process.env, DIST_DIR: distDir, RATE_LIMIT: String(RATE_LIMIT) },
    },
  );
  prefix = await mkdtemp(path.join(tmpdir(), 'nginx-prefix-'));
  nginxUrl = `http://127.0.0.1:${port}`;
  nginx = await startNginx({ config, prefix, url: `${nginxUrl}/` });
}, 240_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  for (const instance of instances) instance.child?.kill('SIGKILL');
  await smtp?.close();
});

describe('through nginx, the site answers exactly as one instance does', () => {
  const compared = [
    'content-type',
    'cache-control',
    'content-encoding',
    'location',
    ...Object.keys(securityHeaders).map((name) => name.toLowerCase()),
  ];

  it('on every route, redirect, trailing slash, public file and unknown or private path', async () => {
    const files = (await readdir(distDir, { recursive: true }))
      .map((file) => `/${file.split(path.sep).join('/')}`)
      .filter((url) => publicPath(url) && !/\.(br|gz)$/.test(url));
    const probes = [
      ...manifest.routes,
      ...manifest.routes.filter((route) => route !== '/').map((route) => `${route}/`),
      ...manifest.redirects.map((r) => r.from),
      ...files,
      '/no-such-page',
      '/assets/no-such-file.js',
      '/_site.json',
      '/404.html',
      '/index.html',
      `${manifest.routes.at(-1)}/index.html`,
      '/assets/..%2f_site.json',
      '/images/../_site.json',
    ];
    expect(files.length).toBeGreaterThan(3);
    const direct = `http://127.0.0.1:${instances[0].port}`;
    /** How nginx's answer to one probe differs from the instance's. */
    const compare = async (probe: string, encoding: string): Promise<string[]> => {
      const found: string[] = [];
      const [a, b] = await Promise.all(
        [direct, nginxUrl].map((base) =>
          fetch(base + probe, { redirect: 'manual', headers: { 'accept-encoding': encoding } }),
        ),
      );
      // A redirect's body and its type are nginx's own short page: no browser shows them.
      const redirect = a.status === 301 && b.status === 301;
      for (const name of compared)
        if (!(redirect && name === 'content-type') && a.headers.get(name) !== b.headers.get(name))
          found.push(`${probe} (${encoding}) ${name}: server ${a.headers.get(name)}, nginx ${b.headers.get(name)}`);
      if (a.status !== b.status) found.push(`${probe} (${encoding}): server ${a.status}, nginx ${b.status}`);
      if ((await a.text()) !== (await b.text()) && !redirect) found.push(`${probe} (${encoding}): the bodies differ`);
      return found;
    };
    const differences: string[] = [];
    for (const probe of probes)
      for (const encoding of ['br', 'gzip', 'identity']) {
        // Asked twice when they differ: under load nginx's brotli module has once, in CI, sent the
        // not-found page unencoded (the same page). What the config says shows both times.
        const found = await compare(probe, encoding);
        differences.push(...(found.length ? await compare(probe, encoding) : []));
      }
    expect(differences).toEqual([]);
  });

  it('sends an SVG with its sandboxing policy', async () => {
    const response = await fetch(`${nginxUrl}/images/logo.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toBe(
      headersForMediaType('image/svg+xml')['Content-Security-Policy'],
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('proxies /healthz, uncached', async () => {
    const response = await fetch(`${nginxUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('runs unprivileged, with its pid and logs under its prefix', () => {
    for (const file of ['nginx.pid', 'error.log', 'access.log'])
      expect(existsSync(path.join(prefix, file)), file).toBe(true);
  });
});

it('one client is limited across both instances, whatever X-Forwarded-For it forges: RATE_LIMIT leads, then 429 with Retry-After', async () => {
  const form = manifest.forms[0];
  const before = await Promise.all(instances.map((instance) => leadsIn(instance.dataDir)));
  const answers = [];
  for (let i = 0; i < RATE_LIMIT + 2; i++)
    answers.push(await post(nginxUrl + form.endpoint, validLead(form, `Limited ${i}`), '127.0.0.1', `198.51.100.${i}`));
  expect(answers.map((a) => a.status)).toEqual([...Array(RATE_LIMIT).fill(202), 429, 429]);
  const limited = answers.at(-1)!;
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(JSON.parse(limited.text).message).toMatch(/^Too many submissions from this address/);
  expect(limited.headers['content-security-policy']).toBe(securityHeaders['Content-Security-Policy']);
  // Both instances took some of them: each alone would have allowed RATE_LIMIT more.
  const after = await Promise.all(instances.map((instance) => leadsIn(instance.dataDir)));
  expect(after.map((files, i) => files.length - before[i].length).every((n) => n > 0)).toBe(true);
  // Another client still has its whole budget.
  expect((await post(nginxUrl + form.endpoint, validLead(form), '127.0.0.2')).status).toBe(202);
});

it('a burst of leads with one instance killed -9 and restarted: every lead answered 2xx is delivered, and both instances took leads', async () => {
  const form = manifest.forms[0];
  const total = 48;
  const acknowledged: string[] = [];
  const refused: number[] = [];
  let sent = 0;
  const [, victim] = instances;
  const started = Date.now();
  const send = async () => {
    while (sent < total) {
      const i = sent++;
      if (i === 16) victim.child!.kill('SIGKILL');
      if (i === 32) await startInstance(victim);
      // Each lead from its own loopback address: its own client, within its own budget.
      const answer = await post(nginxUrl + form.endpoint, validLead(form, `Burst ${i}`), `127.0.1.${i + 1}`).catch(
        () => ({ status: 0, text: '' }),
      );
      if (answer.status >= 200 && answer.status < 300) acknowledged.push(JSON.parse(answer.text).id);
      else refused.push(answer.status);
    }
  };
  await Promise.all([send(), send(), send(), send()]);
  const delivered = () => new Set(smtp.received.map((mail) => mail.headers['x-lead-id']));
  await expect
    .poll(() => acknowledged.filter((id) => !delivered().has(id)), { timeout: 30_000, interval: 200 })
    .toEqual([]);
  const tookLeads = await Promise.all(
    instances.map(
      async (instance) =>
        (await readdir(path.join(instance.dataDir, 'spool', 'sent'))).filter((f) =>
          acknowledged.includes(f.replace(/\.json$/, '')),
        ).length,
    ),
  );
  console.log(
    `topology test: ${acknowledged.length} of ${total} leads acknowledged (${refused.length} refused: ${refused.join(', ') || 'none'}), ${acknowledged.length} delivered; instances took ${tookLeads.join(' and ')}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  expect(acknowledged.length).toBeGreaterThan(total / 2);
  expect(tookLeads.every((n) => n > 0)).toBe(true);
}, 90_000);

it('with every instance down, nginx answers in JSON with the security headers: 503 for a lead and for /healthz', async () => {
  for (const instance of instances) instance.child!.kill('SIGKILL');
  await Promise.all(
    instances.map(
      (instance) =>
        new Promise((resolve) =>
          instance.child!.exitCode !== null || instance.child!.signalCode
            ? resolve(undefined)
            : instance.child!.once('exit', resolve),
        ),
    ),
  );
  const form = manifest.forms[0];
  const lead = await post(nginxUrl + form.endpoint, validLead(form), '127.0.0.3');
  expect(lead.status).toBe(503);
  expect(JSON.parse(lead.text).message).toMatch(/could not be sent just now/);
  expect(lead.headers['retry-after']).toBeDefined();
  expect(lead.headers['content-security-policy']).toBe(securityHeaders['Content-Security-Policy']);
  const health = await fetch(`${nginxUrl}/healthz`);
  expect(health.status).toBe(503);
  expect(await health.json()).toEqual({ status: 'unavailable', reason: 'no server instance answers' });
  // The pages do not need the instances.
  expect((await fetch(`${nginxUrl}/`)).status).toBe(200);
});
