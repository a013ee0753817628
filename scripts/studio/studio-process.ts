// The studio of `npm start` in a process of its own (studio-child.ts), so that visitors never pay
// for it: its memory has its own limit (STUDIO_MAX_MEMORY_MB), and when it dies, out of memory or
// otherwise, the visitors' server goes on serving while it is started again, after a pause that
// grows while it keeps dying. The visitors' server keeps the gate (sign-in, sessions, origins,
// rate limits) and forwards what passes under /_studio/ to the child over a Unix socket, with the
// child's secret and the editor it signed in (parent-trust.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import querystring from 'node:querystring';
import replyFrom from '@fastify/reply-from';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../server/config.ts';
import type { AddOn } from '../../server/main.ts';
import { readEditors } from '../../server/studio-access/editors.ts';
import { studioPath } from '../../shared/studio-protocol.ts';
import type { StudioOnServerOptions } from './on-server.ts';
import { forwardedHeaders, newParentSecret } from './parent-trust.ts';
import type { StudioChildMessage, StudioChildStart } from './studio-child.ts';

const childScript = path.join(import.meta.dirname, 'studio-child.ts');
/** The studio's heap limit in MB unless STUDIO_MAX_MEMORY_MB says otherwise. */
export const DEFAULT_STUDIO_MEMORY_MB = 256;
/**
 * The studio's young generation, in MB per half. Compiling a large site makes short-lived objects
 * fast enough that V8 grows its default young generation to the largest it allows and keeps it:
 * on 1,000 articles about 100 MB of the studio's memory. Two MB halves keep it small, and an editor's
 * checks take as long (`npm run bench -- --only=studio-memory` times 50 of them).
 */
const YOUNG_SPACE_MB = 2;
/**
 * glibc gives each thread that allocates its own arena of C memory, which it seldom returns; the
 * studio's threads (libuv's pool, V8's helpers) then hold tens of MB between them. Two arenas are
 * enough for a process that does one thing at a time. MALLOC_ARENA_MAX in the environment wins.
 */
const MALLOC_ARENAS = 2;
/** How long a request waits for a studio that is starting before it is told to try again. */
const WAIT_FOR_STUDIO_MS = 60_000;
const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 10_000;
/** A studio that ran this long before it died is started again after the first pause. */
const STEADY_MS = 30_000;
/** How long a closing studio may take before it is killed. */
const CLOSE_WITHIN_MS = 5_000;
/** A Unix socket's path must fit in 108 bytes. */
const SOCKET_PATH_MAX = 100;

export function studioMemoryMb(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.STUDIO_MAX_MEMORY_MB;
  if (value === undefined || value === '') return DEFAULT_STUDIO_MEMORY_MB;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 64)
    throw new Error(`STUDIO_MAX_MEMORY_MB must be a whole number of at least 64, got "${value}"`);
  return parsed;
}

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/** Starts the studio's process, starts it again when it dies, and stops it with the server. */
export class StudioSupervisor {
  readonly secret = newParentSecret();
  private child?: ChildProcess;
  private up = false;
  private upSince = 0;
  private pause = FIRST_PAUSE_MS;
  private restart?: NodeJS.Timeout;
  private closing = false;
  private socketPath?: Promise<string>;
  private readonly waiters = new Set<(up: boolean) => void>();

  private readonly root: string;
  private readonly config: ServerConfig;
  private readonly options: StudioOnServerOptions & { maxMemoryMb: number; log: Log };

  constructor(root: string, config: ServerConfig, options: StudioOnServerOptions & { maxMemoryMb: number; log: Log }) {
    this.root = root;
    this.config = config;
    this.options = options;
  }

  /** Whether a studio process has been started (it may be starting or starting again). */
  started(): boolean {
    return this.child !== undefined;
  }

  /** The child's process id while it runs. */
  pid(): number | undefined {
    return this.child?.exitCode === null ? this.child.pid : undefined;
  }

  /** The socket: in DATA_DIR (private to this user), else, for a DATA_DIR too deep, in a private temporary folder. */
  socket(): Promise<string> {
    this.socketPath ??= (async () => {
      const inData = path.resolve(this.config.dataDir, `studio-${process.pid}.sock`);
      if (Buffer.byteLength(inData) <= SOCKET_PATH_MAX) return inData;
      return path.join(await mkdtemp(path.join(tmpdir(), 'studio-')), 'studio.sock');
    })();
    return this.socketPath;
  }

  /** Starts the studio unless it runs; resolves once it answers (true) or has died first (false). */
  async start(): Promise<boolean> {
    if (!this.child && !this.closing) await this.spawn();
    return this.whenUp(WAIT_FOR_STUDIO_MS);
  }

  /** Resolves true once the studio answers, false when `timeoutMs` passes or the server closes first. */
  whenUp(timeoutMs: number): Promise<boolean> {
    if (this.up) return Promise.resolve(true);
    if (this.closing) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (up: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve(up);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      this.waiters.add(done);
    });
  }

  private settle(up: boolean): void {
    for (const waiter of [...this.waiters]) waiter(up);
  }

  private async spawn(): Promise<void> {
    const socket = await this.socket();
    const child = fork(childScript, [], {
      execArgv: [`--max-old-space-size=${this.options.maxMemoryMb}`, `--max-semi-space-size=${YOUNG_SPACE_MB}`],
      env: { MALLOC_ARENA_MAX: String(MALLOC_ARENAS), ...process.env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    child.on('message', (message: StudioChildMessage) => {
      if (message.kind !== 'ready' || this.child !== child) return;
      this.up = true;
      this.upSince = Date.now();
      this.settle(true);
    });
    child.once('exit', (code, signal) => this.exited(child, code, signal));
    const { commits, committer } = this.options;
    const start: StudioChildStart = {
      root: this.root,
      config: this.config,
      socket,
      secret: this.secret,
      options: { commits, committer },
    };
    child.send(start);
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    const ranSteadily = this.up && Date.now() - this.upSince >= STEADY_MS;
    this.up = false;
    if (this.closing) return;
    if (ranSteadily) this.pause = FIRST_PAUSE_MS;
    this.options.log.warn(
      `studio: its process ended (${signal ?? `exit code ${code}`}); starting it again in ${this.pause} ms. The site goes on serving.`,
    );
    this.restart = setTimeout(() => {
      this.restart = undefined;
      if (!this.closing) void this.spawn();
    }, this.pause);
    this.pause = Math.min(this.pause * 2, LONGEST_PAUSE_MS);
  }

  /** Stops the studio: asked to close, killed if it takes longer than CLOSE_WITHIN_MS. */
  async stop(): Promise<void> {
    this.closing = true;
    clearTimeout(this.restart);
    this.settle(false);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), CLOSE_WITHIN_MS);
      await exited;
      clearTimeout(killer);
    }
    if (this.socketPath) await rm(await this.socketPath, { force: true });
  }
}

/** The answer while the studio is starting again: a page for a browser, the one error shape for a script. */
function studioUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const message = 'The studio is restarting. Please try again in a moment; the site itself is not affected.';
  reply.code(503).header('retry-after', 5).header('cache-control', 'no-store');
  if ((request.headers.accept ?? '').includes('text/html'))
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><title>Studio</title><p>${message}</p>`);
  return reply.send({ statusCode: 503, error: 'Service Unavailable', message });
}

/** The routes of the visitors' server under /_studio/ that the gate lets through: forwarded to the studio. */
function forwardToStudio(supervisor: StudioSupervisor, socket: string): FastifyPluginAsync {
  return async (app) => {
    // Bodies go to the studio unread: its own parsers and limits apply there.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await app.register(replyFrom, {
      base: `unix+http://${querystring.escape(socket)}/`,
      disableRequestLogging: true,
      // A publish answers when its build is done; a change stream lasts as long as the page is open.
      undici: { headersTimeout: 10 * 60_000, bodyTimeout: 0 },
    });
    app.all(`${studioPath}*`, async (request, reply) => {
      if (!(await supervisor.start())) return studioUnavailable(request, reply);
      return reply.from(request.url, {
        // The same request and reply as the route's, typed for any server by reply-from.
        rewriteRequestHeaders: (_forwarded, headers) => forwardedHeaders(request, headers, supervisor.secret),
        onError: (_failed, { error }) => {
          if (reply.sent) return;
          request.log.warn(`studio: unavailable (${error.message})`);
          studioUnavailable(request, reply);
        },
      });
    });
  };
}

export interface StudioProcess {
  /** For server/main.ts's serve(): the forwarding routes for buildApp, and the studio's stop with the app. */
  addOn: AddOn;
  /** Whether the studio's process has been started. */
  running(): boolean;
  /** The studio process's id while it runs (for tests and the benchmark). */
  pid(): number | undefined;
}

/**
 * `npm start`'s studio of the checkout at `root`. Its routes are always there, behind the gate; its
 * process starts with the server when DATA_DIR/editors.json lists someone, else at the first request
 * that passes the gate (which reads the list at each request, so an editor the owner adds later
 * needs no restart).
 */
export function studioProcess(root: string, options: StudioOnServerOptions = {}): StudioProcess {
  let supervisor: StudioSupervisor | undefined;
  const addOn: AddOn = async (config) => {
    const log: Log = { info: (m) => console.log(m), warn: (m) => console.warn(m) };
    const started = new StudioSupervisor(root, config, { ...options, maxMemoryMb: studioMemoryMb(), log });
    supervisor = started;
    if ((await readEditors(config.dataDir)).length > 0 && !(await started.start()))
      log.warn('studio: not ready yet; the site is served meanwhile');
    const socket = await started.socket();
    return {
      options: { studio: { routes: forwardToStudio(started, socket) } },
      built(app) {
        app.addHook('onClose', async () => started.stop());
      },
    };
  };
  return { addOn, running: () => supervisor?.started() ?? false, pid: () => supervisor?.pid() };
}
