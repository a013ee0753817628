// The one-time sign-in links: a token of 32 random bytes goes into the mail, its SHA-256 stays on
// the server under DATA_DIR/studio/sign-in/ with the address it signs in and when it expires
// (15 minutes). Opening the link only looks; signing in takes the token, once.
import type { FastifyRequest } from 'fastify';
import path from 'node:path';
import { SecretRecords } from './secret-records.ts';

export const LINK_LIFETIME_MS = 15 * 60_000;
export const SIGN_IN_PATH = '/_studio/sign-in';
export const LINK_PATH = '/_studio/sign-in/link';

export interface LinkRecord {
  email: string;
  expires: number;
  /** The `added` of the editor it was mailed to: it signs in only that addition to the list. */
  editorAdded?: string;
}

const isLink = (value: unknown): value is LinkRecord => {
  const v = value as Partial<LinkRecord> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.email === 'string' &&
    typeof v.expires === 'number' &&
    (v.editorAdded === undefined || typeof v.editorAdded === 'string')
  );
};

export const linksDir = (dataDir: string) => path.join(dataDir, 'studio', 'sign-in');

export function linkRecords(dataDir: string): SecretRecords<LinkRecord> {
  return new SecretRecords(linksDir(dataDir), isLink);
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The address sign-in links start with: PUBLIC_URL; without it, the address this request came to,
 * but only on this machine (localhost). Anywhere else the Host header is the client's to choose,
 * and a link built on it could carry the token to another site; undefined then (nothing is sent).
 */
export function linkOrigin(request: FastifyRequest, publicUrl: string | undefined): string | undefined {
  if (publicUrl) return publicUrl;
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return undefined;
  }
  // Parsed, not matched as text: "localhost:80@evil.example" names evil.example.
  const plain = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
  return plain && loopbackNames.has(url.hostname) ? url.origin : undefined;
}

export const linkUrl = (origin: string, token: string) =>
  `${origin}${LINK_PATH}?${new URLSearchParams({ token }).toString()}`;
