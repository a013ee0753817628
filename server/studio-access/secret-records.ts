// Small records kept on the server for a secret the browser holds (a sign-in link's token, a
// session's id), one JSON file each, named by the SHA-256 of the secret: the secret itself never
// touches the disk, so a listing or a backup of the folder holds nothing to sign in with, and a
// cookie or a link can never name a path. Each record expires; the server, not the browser, decides.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { writeDurably } from '../leads/durable-file.ts';

/** 32 random bytes, base64url: 43 characters. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Only something shaped like newSecret()'s answer is ever looked up. */
export const isSecret = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

export interface Expiring {
  /** When the record stops counting (ms since the epoch). */
  expires: number;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export class SecretRecords<T extends Expiring> {
  readonly dir: string;
  private readonly valid: (value: unknown) => value is T;

  constructor(dir: string, valid: (value: unknown) => value is T) {
    this.dir = dir;
    this.valid = valid;
  }

  private file(secret: string): string {
    return path.join(this.dir, `${createHash('sha256').update(secret).digest('hex')}.json`);
  }

  /** Keeps a record under a new secret and returns the secret; expired records are cleared first. */
  async create(record: T, now: number): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await this.sweep(now);
    const secret = newSecret();
    await writeDurably(this.file(secret), JSON.stringify(record));
    return secret;
  }

  /** The record of this secret while it lasts; an expired one is removed. */
  async read(secret: unknown, now: number): Promise<T | undefined> {
    if (!isSecret(secret)) return undefined;
    const record = await this.load(this.file(secret));
    if (record && record.expires > now) return record;
    if (record) await this.remove(secret);
    return undefined;
  }

  /**
   * Takes the record once: of two requests racing with the same secret, only the one whose unlink
   * removes the file gets it (the other finds the file gone), so a link signs in once.
   */
  async take(secret: unknown, now: number): Promise<T | undefined> {
    if (!isSecret(secret)) return undefined;
    const file = this.file(secret);
    const record = await this.load(file);
    if (!record) return undefined;
    try {
      await unlink(file);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    return record.expires > now ? record : undefined;
  }

  async remove(secret: unknown): Promise<void> {
    if (!isSecret(secret)) return;
    await unlink(this.file(secret)).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  }

  /** Removes every expired or unreadable record, so the folder holds only what still counts. */
  async sweep(now: number): Promise<void> {
    await this.removeWhere((record) => record.expires <= now);
  }

  /** Removes every record `drop` says yes to, and every unreadable one. */
  async removeWhere(drop: (record: T) => boolean): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const name of names) {
      if (!/^[0-9a-f]{64}\.json$/.test(name)) continue;
      const file = path.join(this.dir, name);
      const record = await this.load(file);
      if (!record || drop(record))
        await unlink(file).catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
    }
  }

  private async load(file: string): Promise<T | undefined> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    try {
      const data: unknown = JSON.parse(text);
      return this.valid(data) ? data : undefined;
    } catch {
      return undefined;
    }
  }
}
