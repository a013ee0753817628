// One `npm run build` of another project copy in its own process, so its memory is its own: the
// parent samples the resident memory of the process and its children (/proc) while it runs.
//   node scripts/bench/build-process.ts <project root> <result.json>
import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSite } from '../build.ts';

export type BuildResult = Awaited<ReturnType<typeof buildSite>>;

/** One process's memory in bytes: resident (VmRSS) or proportional (Pss, shared pages split). */
export async function processMemory(pid: number, measure: 'resident' | 'proportional' = 'resident'): Promise<number> {
  const [file, line] =
    measure === 'resident' ? ['status', /^VmRSS:\s+(\d+) kB/m] : ['smaps_rollup', /^Pss:\s+(\d+) kB/m];
  const text = await readFile(`/proc/${pid}/${file}`, 'utf8').catch(() => '');
  return Number(line.exec(text)?.[1] ?? 0) * 1024;
}

/** Memory of `pid` and every process below it, in bytes (0 once it has ended). */
export async function treeMemory(pid: number, measure: 'resident' | 'proportional' = 'resident'): Promise<number> {
  // Each thread's children are listed by the kernel: no scan of every process on the machine.
  const childrenOf = async (member: number) => {
    const tasks = await readdir(`/proc/${member}/task`).catch(() => []);
    const lists = await Promise.all(
      tasks.map((task) => readFile(`/proc/${member}/task/${task}/children`, 'utf8').catch(() => '')),
    );
    return lists.flatMap((list) => list.split(' ').filter(Boolean).map(Number));
  };
  let bytes = 0;
  for (let queue = [pid]; queue.length;) {
    const member = queue.shift()!;
    bytes += await processMemory(member, measure);
    queue.push(...(await childrenOf(member)));
  }
  return bytes;
}

/** Builds `root` in a child process; resolves with the build's result and its peak memory. */
export async function buildInProcess(
  root: string,
  resultFile: string,
): Promise<{ result: BuildResult; peakBytes: number; wallSeconds: number; cpuSeconds: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [import.meta.filename, root, resultFile], {
    stdio: ['ignore', 'inherit', 'inherit'],
    // A cold build means an empty media cache: the copy's own, never one named by the environment.
    env: { ...process.env, MEDIA_CACHE_DIR: path.join(root, '.cache', 'media') },
  });
  let peakBytes = 0;
  const sample = async () => (peakBytes = Math.max(peakBytes, await treeMemory(child.pid!)));
  const sampler = setInterval(() => void sample(), 500);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`The build of ${root} failed (exit code ${code}).`);
  const { result, cpuSeconds } = JSON.parse(await readFile(resultFile, 'utf8')) as {
    result: BuildResult;
    cpuSeconds: number;
  };
  return { result, peakBytes, wallSeconds: (performance.now() - started) / 1000, cpuSeconds };
}

if (import.meta.main) {
  const [root, resultFile] = process.argv.slice(2);
  const result = await buildSite({ root, quiet: true });
  // The process's CPU time, its worker threads' and libvips' threads' included.
  const cpu = process.cpuUsage();
  await writeFile(resultFile, JSON.stringify({ result, cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
}
