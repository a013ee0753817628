// The production server's memory and start time as dist/ grows: the build as it is, then a copy
// with an image library added (photo-sized files of random bytes under images/). Each is served by
// the real entry (server/main.ts) in its own process; its resident memory is read from /proc after
// it answers, and again after every added image has been requested once (streams hold nothing).
import { spawn } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../tests/fixtures/smtp.ts';
import { waitForServer } from '../wait-for-server.ts';

export interface ServerMemoryRow {
  dist: string;
  addedMegabytes: number;
  startMs: number;
  rssAtStartMb: number;
  rssAfterImagesMb: number;
}

const MB = 2 ** 20;
const imageBytes = 512 * 1024;

const residentMb = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024);
};

export async function measure(
  root: string,
  distDir: string,
  images: string[],
): Promise<Omit<ServerMemoryRow, 'dist' | 'addedMegabytes'>> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-memory-data-'));
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForServer(child, `${base}/`, {
      name: 'the Fastify server',
      timeoutMs: 120_000,
      ready: (response) => response.ok,
    });
    const startMs = Math.round(performance.now() - started);
    const rssAtStartMb = await residentMb(child.pid!);
    for (const image of images) {
      const response = await fetch(`${base}/images/${image}`);
      if (!response.ok) throw new Error(`/images/${image} answered ${response.status}`);
      await response.arrayBuffer();
    }
    return { startMs, rssAtStartMb, rssAfterImagesMb: await residentMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The build in `distDir` as it is, then a copy of it with `addedMegabytes` of images added. */
export async function runServerMemory(
  root: string,
  distDir: string,
  addedMegabytes: number,
): Promise<ServerMemoryRow[]> {
  const rows: ServerMemoryRow[] = [{ dist: 'as built', addedMegabytes: 0, ...(await measure(root, distDir, [])) }];
  const copy = await mkdtemp(path.join(tmpdir(), 'bench-memory-dist-'));
  try {
    await cp(distDir, copy, { recursive: true });
    await mkdir(path.join(copy, 'images', 'library'), { recursive: true });
    const bytes = Buffer.alloc(imageBytes);
    const images: string[] = [];
    for (let i = 0; i < (addedMegabytes * MB) / imageBytes; i++) {
      images.push(`library/photo-${i}.jpg`);
      await writeFile(path.join(copy, 'images', 'library', `photo-${i}.jpg`), randomFillSync(bytes));
    }
    rows.push({
      dist: `with ${images.length.toLocaleString('en')} images added`,
      addedMegabytes,
      ...(await measure(root, copy, images)),
    });
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
  return rows;
}
