// Whether a process id names a live process: how a lock or a temporary file left by a process that
// died (kill -9, a crash) is told from one whose writer is still at work.

/** True while `pid` runs; EPERM means it runs as someone else. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
