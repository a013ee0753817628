// The generated nginx config, run by the real nginx, refuses symbolic links in the build: a link in
// dist/images to a file outside (a secret, /etc/passwd) or to a folder outside is not served, while
// the build folder itself may be a link (a release switched by one symlink).
import type { ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nginxConfig } from '../../scripts/deploy/nginx-config.ts';
import { ensureNginx, startNginx } from '../../scripts/deploy/run-nginx.ts';
import { readManifest } from '../../server/plugins/site.ts';
import { writeDist } from '../fixtures/dist-fixture.ts';
import { freePort } from '../fixtures/smtp.ts';

let nginx: ChildProcess | undefined;
let base: string;
let work: string;

beforeAll(async () => {
  ensureNginx();
  const distDir = await writeDist();
  await chmod(distDir, 0o755);
  work = await mkdtemp(path.join(tmpdir(), 'nginx-links-'));
  await chmod(work, 0o755);
  const secret = path.join(work, 'secret.svg');
  await writeFile(secret, '<svg xmlns="http://www.w3.org/2000/svg"><title>top secret</title></svg>');
  await chmod(secret, 0o644);
  await symlink(secret, path.join(distDir, 'images', 'linked.svg'));
  await symlink(work, path.join(distDir, 'images', 'outside'));
  // The build reached through a link of its own, as a release switch would.
  const current = path.join(work, 'current');
  await symlink(distDir, current);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const config = nginxConfig({
    distDir: current,
    manifest: await readManifest(distDir),
    listen: `127.0.0.1:${port}`,
    upstreams: [`127.0.0.1:${await freePort()}`],
    rateLimit: 5,
  });
  const prefix = await mkdtemp(path.join(tmpdir(), 'nginx-prefix-'));
  nginx = await startNginx({ config, prefix, url: `${base}/` });
}, 60_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  if (work) await rm(work, { recursive: true, force: true });
});

it('serves a real file of the build, through a build folder that is itself a link', async () => {
  const response = await fetch(`${base}/images/logo.svg`);
  expect(response.status).toBe(200);
});

it('refuses a link in the build to a file outside it', async () => {
  const response = await fetch(`${base}/images/linked.svg`);
  expect(response.status).not.toBe(200);
  expect(await response.text()).not.toContain('top secret');
});

it('refuses a link in the build to a folder outside it', async () => {
  const response = await fetch(`${base}/images/outside/secret.svg`);
  expect(response.status).not.toBe(200);
  expect(await response.text()).not.toContain('top secret');
});
