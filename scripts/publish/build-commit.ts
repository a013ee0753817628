// Builds one commit's site/ into a release folder, for a publish and for a release scheduled ahead:
// site/ as committed is written out (`git archive`), validated and built in a child process for
// the moment asked (an article's go-live and expiry times are judged against it), its record
// (_release.json) written beside the build, every file synced, and the folder renamed into place
// whole. A failed validation or build leaves nothing behind and returns the compiler's messages.
// Run under the publish lock (lock.ts): builds share the checkout's build cache.
import { fork } from 'node:child_process';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { releaseInfoFile, type ArticleChange, type ReleaseInfo } from '../../server/releases/store.ts';
import { syncFolder } from '../../shared/sync-folder.ts';
import { exportSite } from './git.ts';
import { syncTree } from './sync-tree.ts';
import type { ChildMessage, StepName } from './steps.ts';

const buildScript = path.join(import.meta.dirname, 'build-release.ts');

export interface BuildFailure {
  ok: false;
  /** Why nothing was built, in a sentence. */
  reason: string;
  /** The compiler's messages, one per problem. */
  messages: string[];
}

export interface BuildCommitOptions {
  /** The checkout: the folder holding site/, a git repository. */
  root: string;
  /** The commit to build ('' outside a repository: the folder as it is). */
  commit: string;
  /** The release folder to make; its `.partial` and `.source.partial` siblings are the work folders. */
  into: string;
  /** The release's record; the articles' times after its moment are added. */
  info: ReleaseInfo;
  /** The moment to build the site for (ms since the epoch). Default: now. */
  asOf?: number;
  step?: (name: StepName, detail?: string) => void;
  /** Called with the child's process id once it runs (tests kill it). */
  onChild?: (pid: number) => void;
}

/** Runs the build's child process; resolves with its failure, or the articles' times when it built. */
export function buildInChild(
  contentRoot: string,
  outDir: string,
  asOf: number,
  step: (name: StepName, detail?: string) => void,
  onChild?: (pid: number) => void,
): Promise<BuildFailure | { ok: true; articleTimes: ArticleChange[] }> {
  return new Promise((resolve) => {
    let failure: BuildFailure | undefined;
    let articleTimes: ArticleChange[] = [];
    let output = '';
    // Node's own flags only: the parent's (a test runner's loader, say) are not the build's.
    const child = fork(buildScript, [contentRoot, outDir, String(asOf)], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      execArgv: [],
    });
    if (child.pid) onChild?.(child.pid);
    // What the build prints is kept for a failure that sends no message (a crash, kill -9).
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('message', (message: ChildMessage) => {
      if ('failed' in message)
        failure = {
          ok: false,
          reason:
            message.failed === 'validation'
              ? 'The site has errors, so nothing was published. Fix them and publish again.'
              : 'The build failed, so nothing was published.',
          messages: message.messages,
        };
      else if ('articleTimes' in message) articleTimes = message.articleTimes;
      else step(message.step, message.detail);
    });
    child.on('error', (error) =>
      resolve({ ok: false, reason: 'The build could not be started.', messages: [error.message] }),
    );
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve({ ok: true, articleTimes });
      resolve(
        failure ?? {
          ok: false,
          reason: `The build stopped (${signal ?? `exit code ${code}`}), so nothing was published.`,
          messages: output.trim().split('\n').slice(-20),
        },
      );
    });
  });
}

export async function buildCommit(options: BuildCommitOptions): Promise<BuildFailure | { ok: true }> {
  const { root, commit, into, info } = options;
  const step = options.step ?? (() => undefined);
  const asOf = options.asOf ?? Date.now();
  const partial = `${into}.partial`;
  // In a repository the release is built from the commit itself; elsewhere from the folder.
  const source = `${into}.source.partial`;
  if (commit) await exportSite(root, commit, source);
  const contentRoot = commit ? source : path.resolve(root);
  const built = await buildInChild(contentRoot, partial, asOf, step, options.onChild);
  await rm(source, { recursive: true, force: true });
  if (!built.ok) {
    await rm(partial, { recursive: true, force: true });
    return built;
  }
  step('saving');
  const record: ReleaseInfo = {
    ...info,
    ...(options.asOf !== undefined && { asOf: new Date(asOf).toISOString() }),
    ...(built.articleTimes.length && { articleTimes: built.articleTimes }),
  };
  await writeFile(path.join(partial, releaseInfoFile), `${JSON.stringify(record, null, 2)}\n`);
  await syncTree(partial);
  await rename(partial, into);
  await syncFolder(path.dirname(into));
  return { ok: true };
}
