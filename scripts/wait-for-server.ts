// Waits until a freshly spawned server answers HTTP. Readiness is asked of the port, not read from
// the log: log lines are coloured when CI=true and can arrive split across chunks.
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitOptions {
  /** Named in the error when the server exits or never answers. */
  name: string;
  timeoutMs: number;
  /** Which answer counts as ready; by default any HTTP answer at all. */
  ready?: (response: Response) => boolean;
  /** What the process printed so far, for the error when it exits early. */
  output?: () => string;
}

export async function waitForServer(child: ChildProcess, url: string, options: WaitOptions): Promise<void> {
  let exited: number | null | undefined = child.exitCode ?? undefined;
  child.once('exit', (code) => (exited = code));
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== undefined)
      throw new Error(
        `${options.name} exited with ${exited} before serving${options.output ? `:\n${options.output()}` : ''}`,
      );
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    if (response && (options.ready?.(response) ?? true)) return;
    await sleep(100);
  }
  child.kill();
  throw new Error(`${options.name} did not answer at ${url} within ${options.timeoutMs / 1000} s`);
}
