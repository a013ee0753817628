// Runs a generated nginx.conf the way docs/deploying.md tells an operator to, unprivileged:
// nginx -p PREFIX -c FILE -g 'daemon off;'. Used by the bench and the topology test.
import { spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensureDebianPackages } from '../debian-packages.ts';
import { waitForServer } from '../wait-for-server.ts';
import { brotliModule } from './nginx-config.ts';

export const nginxBinary = '/usr/sbin/nginx';
// Debian's "nobody": a root caller still runs nginx without privileges, as a deployment would.
const NOBODY = 65534;

export function ensureNginx(): void {
  ensureDebianPackages('nginx', [nginxBinary, brotliModule], ['nginx-light', 'libnginx-mod-http-brotli-static']);
}

/** Writes `config` into `prefix`, starts nginx on it and resolves once `url` answers. */
export async function startNginx(options: { config: string; prefix: string; url: string }): Promise<ChildProcess> {
  const { config, prefix, url } = options;
  await mkdir(prefix, { recursive: true });
  const file = path.join(prefix, 'nginx.conf');
  await writeFile(file, config);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chown(prefix, NOBODY, NOBODY);
  let output = '';
  const child = spawn(nginxBinary, ['-p', prefix, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(asRoot && { uid: NOBODY, gid: NOBODY }),
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForServer(child, url, { name: 'nginx', timeoutMs: 10_000, output: () => output });
  return child;
}
