// Reads the server's settings from the environment, once, with defaults that run out of the box.
import { isIP } from 'node:net';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { defaultRetry, type RetryPolicy } from './leads/retry-policy.ts';

/** RATE_LIMIT counts leads per client address in this window. */
export const RATE_WINDOW_MS = 10 * 60_000;

/** 10 s lets a 16 KiB lead through at 13 kbit/s, a tenth of what a slow 3G phone uploads. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** A minute of page views at most is lost to a crash. */
export const DEFAULT_PAGE_VIEWS_FLUSH_MS = 60_000;

export interface ServerConfig {
  port: number;
  host: string;
  /** The built site: dist/ of `npm run build`. */
  distDir: string;
  /** Where leads are spooled and, without SMTP_URL, where mail is written as .eml files. */
  dataDir: string;
  smtpUrl?: string;
  /** MAIL_FROM, parsed: the From header and the envelope sender. */
  mailFrom?: MailAddress;
  mailTo?: string;
  /** Leads accepted per IP per 10 minutes; 0 turns the limit off. */
  rateLimit: number;
  /** Which proxies may tell the client's address (X-Forwarded-For): Fastify's `trustProxy`. */
  trustProxy: false | number | string[];
  /** Sent leads older than this many days are deleted once a day; 0 keeps them forever. */
  leadRetentionDays: number;
  /** LEAD_WEBHOOK_URL: each lead is also POSTed, signed, to each of these addresses. */
  webhookUrls?: string[];
  /** LEAD_WEBHOOK_SECRET: the key of the webhooks' X-Lead-Signature. */
  webhookSecret?: string;
  /** How failed deliveries are retried. */
  retry: RetryPolicy;
  /** A request (headers and body) must arrive within this many ms, or it is answered 408 and its
   * connection closed: a trickled body cannot hold a connection. Default 10 s (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /** PAGE_VIEWS_FLUSH_MS: how often the page views counted in memory are written to DATA_DIR. Default 60 s. */
  pageViewsFlushMs?: number;
  /** PUBLIC_URL: the site's own address (an origin, like https://www.example.com); sign-in links are built on it. */
  publicUrl?: string;
  /** RELEASES_DIR: the published releases, shared by the instances of one host. Default DATA_DIR/releases. */
  releasesDir?: string;
  /** PUBLISH_PUSH "origin main": after each publish, `git push origin HEAD:main`. */
  publishPush?: PublishPush;
  /** PUBLISH_NEEDS_APPROVAL: a change goes live only once someone other than its authors approved it. Default false. */
  approvalRequired?: boolean;
  /** "Sign in with <provider>" for the studio: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, all or none. */
  oidc?: OidcConfig;
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number ≥ 0, got "${value}"`);
  return parsed;
}

/** A yes-or-no setting: true/yes/1 or false/no/0 (any case); unset or empty is no. */
export function parseSwitch(name: string, value: string | undefined): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (['', 'false', 'no', '0'].includes(text)) return false;
  if (['true', 'yes', '1'].includes(text)) return true;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

// proxy-addr's names for address ranges, accepted beside addresses and CIDRs.
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (rangeNames.has(entry) || isIP(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const max = isIP(address) === 4 ? 32 : isIP(address) === 6 ? 128 : -1;
  return extra === undefined && /^\d{1,3}$/.test(bits ?? '') && Number(bits) <= max;
}

export interface MailAddress {
  name: string;
  address: string;
}

/**
 * MAIL_FROM as one address object ("Website <web@example.com>" or web@example.com), so that
 * nodemailer encodes the name and the envelope sender is exactly this address.
 */
export function parseMailFrom(value: string | undefined): MailAddress | undefined {
  if (!value) return undefined;
  const parsed = addressparser(value, { flatten: true });
  const [first] = parsed;
  const wellFormed =
    parsed.length === 1 && /^[^\s@<>",;]+@[A-Za-z0-9.-]+$/.test(first.address) && !/\p{Cc}/u.test(value);
  if (!wellFormed)
    throw new Error(
      `MAIL_FROM must be one address, like "Website <web@example.com>" or web@example.com, got ${JSON.stringify(value)}`,
    );
  return { name: first.name, address: first.address };
}

/** Off by default: X-Forwarded-For is then ignored, so a forged header cannot pose as another client. */
export function parseTrustProxy(value: string | undefined): ServerConfig['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) {
    throw new Error(
      `TRUST_PROXY must be a number of proxy hops or a comma list of proxy addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8 or loopback), got "${wrong}"`,
    );
  }
  return entries;
}

/** LEAD_WEBHOOK_URL: http(s) addresses separated by spaces; they need LEAD_WEBHOOK_SECRET to sign. */
export function parseWebhooks(env: NodeJS.ProcessEnv): { webhookUrls: string[]; webhookSecret?: string } {
  const urls = (env.LEAD_WEBHOOK_URL ?? '').split(/\s+/).filter(Boolean);
  const secret = env.LEAD_WEBHOOK_SECRET?.trim() || undefined;
  for (const text of urls) {
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    // The address itself may hold the receiver's token, so it is never repeated in the message.
    if (!url || !['http:', 'https:'].includes(url.protocol))
      throw new Error('LEAD_WEBHOOK_URL must be http(s) addresses separated by spaces; one of them is not');
  }
  if (urls.length && !secret)
    throw new Error('LEAD_WEBHOOK_URL needs LEAD_WEBHOOK_SECRET, the key each lead is signed with');
  return { webhookUrls: [...new Set(urls)], webhookSecret: secret };
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The three OIDC variables together or none of them: half a set is a mistake to say at start, not a button that fails. */
export function parseOidc(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const names = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const [issuer, clientId, clientSecret] = names.map((name) => env[name]?.trim() ?? '');
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length === names.length) return undefined;
  if (missing.length > 0)
    throw new Error(`Sign-in with a provider needs all of ${names.join(', ')}; ${missing.join(' and ')} not set`);
  // The provider sends editors back to an address registered with it, which is built on PUBLIC_URL.
  if (!env.PUBLIC_URL?.trim())
    throw new Error(
      'Sign-in with a provider needs PUBLIC_URL, the site address the provider sends editors back to (like https://www.example.com)',
    );
  let url: URL | undefined;
  try {
    url = new URL(issuer);
  } catch {
    url = undefined;
  }
  // Plain http only to a provider on this machine: anywhere else the tokens would cross the network readable.
  const loopback = url !== undefined && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) || url.search || url.hash)
    throw new Error(
      `OIDC_ISSUER must be the provider's https:// address, like https://accounts.google.com, got "${issuer}"`,
    );
  return { issuer, clientId, clientSecret };
}

export interface PublishPush {
  remote: string;
  branch: string;
}

/** PUBLISH_PUSH is "REMOTE BRANCH" (a space between: a branch name may hold a slash). */
export function parsePublishPush(value: string | undefined): PublishPush | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const [remote, branch, extra] = text.split(/\s+/);
  const name = /^(?!-)[A-Za-z0-9._/-]+$/;
  if (extra !== undefined || !name.test(remote) || !name.test(branch ?? '') || /\.\.|\/\/|\.lock$/.test(branch))
    throw new Error(`PUBLISH_PUSH must be a git remote and a branch, like "origin main", got "${text}"`);
  return { remote, branch };
}

/** PUBLIC_URL as an origin: an absolute http(s) address with no path, query, fragment or password. */
export function parsePublicUrl(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password)
    throw new Error(`PUBLIC_URL must be the site's address, like https://www.example.com, got "${text}"`);
  if (url.pathname !== '/' || url.search || url.hash)
    throw new Error(
      `PUBLIC_URL is the site's address alone, without a path, ? or #, like ${url.origin}, got "${text}"`,
    );
  return url.origin;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  return {
    port: integer('PORT', env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    distDir: path.resolve(root, env.DIST_DIR || 'dist'),
    dataDir: path.resolve(root, env.DATA_DIR || 'var'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: parseMailFrom(env.MAIL_FROM),
    mailTo: env.MAIL_TO || undefined,
    rateLimit: integer('RATE_LIMIT', env.RATE_LIMIT, 5),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ...parseWebhooks(env),
    leadRetentionDays: integer('LEAD_RETENTION_DAYS', env.LEAD_RETENTION_DAYS, 180),
    retry: {
      baseMs: integer('LEAD_RETRY_BASE_MS', env.LEAD_RETRY_BASE_MS, defaultRetry.baseMs),
      capMs: integer('LEAD_RETRY_CAP_MS', env.LEAD_RETRY_CAP_MS, defaultRetry.capMs),
      giveUpAfterMs:
        integer('LEAD_RETRY_HOURS', env.LEAD_RETRY_HOURS, defaultRetry.giveUpAfterMs / 3600_000) * 3600_000,
      rescanMs: Math.max(100, integer('LEAD_RESCAN_MS', env.LEAD_RESCAN_MS, defaultRetry.rescanMs)),
    },
    requestTimeoutMs: Math.max(1000, integer('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS)),
    pageViewsFlushMs: Math.max(
      1000,
      integer('PAGE_VIEWS_FLUSH_MS', env.PAGE_VIEWS_FLUSH_MS, DEFAULT_PAGE_VIEWS_FLUSH_MS),
    ),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    releasesDir: path.resolve(root, env.RELEASES_DIR || path.join(env.DATA_DIR || 'var', 'releases')),
    publishPush: parsePublishPush(env.PUBLISH_PUSH),
    approvalRequired: parseSwitch('PUBLISH_NEEDS_APPROVAL', env.PUBLISH_NEEDS_APPROVAL),
    oidc: parseOidc(env),
  };
}
