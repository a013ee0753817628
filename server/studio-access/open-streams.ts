// What a session holds open: the change stream (a response that lasts as long as the page) and the
// preview's websocket were let through once, when they opened, and would outlive the session. Each
// is held here under its session, and destroyed when the session ends: at sign-out at once, and
// when it expires or its editor is removed (by the owner's command, in another process) at the next
// check, run every half second while anything is held, so within a second.
import type { IncomingMessage } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import { SESSION_COOKIE } from './sessions.ts';

/** A response or a socket: destroyed to end it; 'close' (or a response's 'finish') when it ends. */
export interface Held {
  destroy(): unknown;
  once(event: 'close' | 'finish', listener: () => void): unknown;
}

/** Of these session ids, the ones still signed in now. */
export type StillSignedIn = (ids: string[]) => Promise<Set<string>>;

export const CHECK_EVERY_MS = 500;

export class OpenStreams {
  private readonly held = new Map<string, Set<Held>>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;
  private stillSignedIn: StillSignedIn = async () => new Set();

  private readonly checkEveryMs: number;

  constructor(checkEveryMs = CHECK_EVERY_MS) {
    this.checkEveryMs = checkEveryMs;
  }

  /** Says how to tell which sessions still count (the studio's access plugin, which knows). */
  watch(stillSignedIn: StillSignedIn): void {
    this.stillSignedIn = stillSignedIn;
  }

  /** Holds a response or socket under its session until it ends by itself or the session does. */
  hold(id: string, stream: Held): void {
    let streams = this.held.get(id);
    if (!streams) this.held.set(id, (streams = new Set()));
    streams.add(stream);
    const release = () => {
      streams.delete(stream);
      if (streams.size === 0 && this.held.get(id) === streams) this.held.delete(id);
      if (this.held.size === 0) this.stop();
    };
    stream.once('close', release);
    stream.once('finish', release);
    this.timer ??= setInterval(() => void this.check(), this.checkEveryMs);
  }

  /** Holds a websocket whose upgrade request carried this session's cookie. */
  holdUpgrade(request: IncomingMessage, socket: Held): void {
    const id = sessionIdOf(request);
    if (id === undefined) socket.destroy();
    else this.hold(id, socket);
  }

  /** Ends everything the session holds, now. */
  end(id: string): void {
    const streams = this.held.get(id);
    this.held.delete(id);
    for (const stream of streams ?? []) stream.destroy();
    if (this.held.size === 0) this.stop();
  }

  /** Ends the streams of every session that no longer counts. */
  async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const ids = [...this.held.keys()];
      let alive: Set<string>;
      try {
        alive = await this.stillSignedIn(ids);
      } catch {
        // What cannot be checked (a damaged editors list closes the studio) no longer counts.
        alive = new Set();
      }
      for (const id of ids) if (!alive.has(id)) this.end(id);
    } finally {
      this.checking = false;
    }
  }

  /** Ends everything held (the server is closing). */
  close(): void {
    for (const id of [...this.held.keys()]) this.end(id);
    this.stop();
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** The session id in a request's Cookie header (an upgrade passes no hook that would parse it). */
export function sessionIdOf(request: IncomingMessage): string | undefined {
  const header = request.headers.cookie;
  return header ? fastifyCookie.parse(header)[SESSION_COOKIE] : undefined;
}
