// The preview (`npm run dev`) and the studio serve only what the site serves: run on a copy of the
// project whose DATA_DIR (leads, mail, the sent and dead spools) and .env sit inside it, neither
// answers any of those files, a project file, Vite's /@fs or ?raw/?import variants, or Vite's
// /__open-in-editor; and every response (page, module, refusal, Vite's own) carries the production
// security headers, an SVG its sandboxing policy.
import { request } from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersForMediaType, securityHeaders } from '../../server/security-headers.ts';
import { startChildServer } from '../fixtures/child-server.ts';
import { copyProject } from '../fixtures/project-copy.ts';
import { freePort } from '../fixtures/smtp.ts';
import { startStudio, type TestStudio } from '../fixtures/studio.ts';

const secret = 'SECRET-7f3a9c';
let copy: string;
let dataDir: string;
let dev: ChildProcess;
let studio: TestStudio;
const servers: Record<'preview' | 'studio', string> = { preview: '', studio: '' };

/** The spool and outbox files a lead leaves, each holding the secret. */
const dataFiles = [
  'outbox/lead-1.json',
  'outbox/lead-1.eml',
  'spool/queue/lead-2.json',
  'spool/sent/lead-3.json',
  'spool/dead/lead-4.json',
];

beforeAll(async () => {
  copy = await copyProject('dev-guard-');
  dataDir = path.join(copy, 'var');
  for (const file of dataFiles) {
    await mkdir(path.dirname(path.join(dataDir, file)), { recursive: true });
    await writeFile(path.join(dataDir, file), `{"email":"${secret}@example.com"}`);
  }
  await writeFile(path.join(copy, '.env'), `SMTP_URL=smtp://user:${secret}@mail.example.com\n`);
  const port = await freePort();
  servers.preview = `http://localhost:${port}`;
  const env = {
    ...process.env,
    SITE_ROOT: path.join(copy, 'tests', 'fixture-site'),
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: dataDir,
  };
  [dev, studio] = await Promise.all([
    startChildServer(path.join(copy, 'scripts', 'dev.ts'), { url: servers.preview, env, cwd: copy }),
    startStudio({ project: copy, env: { DATA_DIR: dataDir } }),
  ]);
  servers.studio = studio.base;
}, 240_000);
afterAll(async () => {
  dev?.kill('SIGTERM');
  await studio?.stop();
  if (copy) await rm(copy, { recursive: true, force: true });
});

/** A GET with the path sent exactly as written (fetch would normalise `..` and `%2e`). */
function get(
  base: string,
  rawPath: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request(
      { host: url.hostname, port: url.port, path: rawPath, headers: { accept: '*/*' } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function hostileAddresses(): string[] {
  const files = [
    ...dataFiles.map((file) => `/var/${file}`),
    '/.env',
    '/package.json',
    '/scripts/build.ts',
    '/server/config.ts',
    '/tests/fixture-site/site/site.yaml',
  ];
  return [
    ...files.flatMap((file) => [
      file,
      `${file}?raw`,
      `${file}?import`,
      `${file}?url`,
      `/@fs${copy}${file}`,
      `/@fs${copy}${file}?raw`,
    ]),
    `/@id/${copy}/var/${dataFiles[0]}?raw`,
    `/@id/var/${dataFiles[0]}?raw`,
    '/@id/package.json?raw',
    '/@id/server/config.ts',
    '/@fs/etc/passwd',
    '/src/%2e%2e/package.json',
    '/src/..%2fpackage.json?raw',
    '/node_modules/..%2F.env',
    '/images/%2e%2e%2f%2e%2e%2fpackage.json',
    '/__open-in-editor?file=package.json',
    '/__open-in-editor?file=src/main.tsx',
  ];
}

describe.each(['preview', 'studio'] as const)('the %s', (name) => {
  it('refuses every address outside the site, without the content', async () => {
    const answered: string[] = [];
    for (const address of hostileAddresses()) {
      const { status, body } = await get(servers[name], address);
      if (
        ![403, 404].includes(status) ||
        body.includes(secret) ||
        body.includes('"devDependencies"') ||
        body.includes('root:x:0')
      )
        answered.push(`${address} → ${status}`);
    }
    expect(answered).toEqual([]);
  });

  it('still serves the app: the page, its modules and Vite client, the data, the images', async () => {
    for (const address of ['/', '/src/main.tsx', '/@vite/client', '/_data/index.json', '/images/logo.svg'])
      expect((await get(servers[name], address)).status, address).toBe(200);
  });

  it('sends the production security headers on every response, its own included', async () => {
    // A page, a module, Vite's client, the not-found page, a refusal, and Vite's own 400 (a # in the path).
    for (const address of ['/', '/src/main.tsx', '/@vite/client', '/no-such-page', '/package.json', '/a#b']) {
      const { headers, status } = await get(servers[name], address);
      for (const [header, value] of Object.entries(securityHeaders)) {
        // The studio's pages may be framed by the studio page itself, nothing else (frame-ancestors 'self').
        const expected =
          name === 'studio' && header === 'Content-Security-Policy'
            ? value.replace("frame-ancestors 'none'", "frame-ancestors 'self'")
            : value;
        expect(headers[header.toLowerCase()], `${address} (${status}) ${header}`).toBe(expected);
      }
    }
  });

  it('sends an SVG with its sandboxing policy', async () => {
    const { headers } = await get(servers[name], '/images/logo.svg');
    expect(headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(headers['content-security-policy']).toBe(headersForMediaType('image/svg+xml')['Content-Security-Policy']);
  });
});
