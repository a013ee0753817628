// Another checkout of the project (e.g. `git worktree add /var/tmp/before HEAD~5`), served by its
// own server from its own dist/, so the bench can measure the code before a change beside the
// current one in the same run. Its dist/ is built first when it has none.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ServedCheckout {
  baseUrl: string;
  distDir: string;
  close: () => Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

export async function serveCheckout(dir: string): Promise<ServedCheckout> {
  const root = path.resolve(dir);
  const distDir = path.join(root, 'dist');
  if (!existsSync(path.join(distDir, '_site.json'))) {
    console.log(`Building ${root} (no dist/ yet)…`);
    const build = spawnSync(process.execPath, ['scripts/build.ts'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`the build in ${root} failed`);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-checkout-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const close = async () => {
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  // Ready once it answers; it gives up after a minute on this busy host.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server of ${root} exited (${child.exitCode})`);
    const answered = await fetch(`${baseUrl}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return { baseUrl, distDir, close };
    if (Date.now() > deadline) {
      await close();
      throw new Error(`the server of ${root} did not answer within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
