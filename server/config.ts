// Reads the server's settings from the environment, once, with defaults that run out of the box.
import path from 'node:path';
import { defaultRetry, type RetryPolicy } from './leads/worker.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** The built site: dist/ of `npm run build`. */
  distDir: string;
  /** Where leads are spooled and, without SMTP_URL, where mail is written as .eml files. */
  dataDir: string;
  smtpUrl?: string;
  mailFrom?: string;
  mailTo?: string;
  /** Leads accepted per IP per 10 minutes; 0 turns the limit off. */
  rateLimit: number;
  /** How failed deliveries are retried. */
  retry: RetryPolicy;
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number ≥ 0, got "${value}"`);
  return parsed;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  return {
    port: integer('PORT', env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    distDir: path.resolve(root, env.DIST_DIR || 'dist'),
    dataDir: path.resolve(root, env.DATA_DIR || 'var'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    mailTo: env.MAIL_TO || undefined,
    rateLimit: integer('RATE_LIMIT', env.RATE_LIMIT, 5),
    retry: {
      baseMs: integer('LEAD_RETRY_BASE_MS', env.LEAD_RETRY_BASE_MS, defaultRetry.baseMs),
      capMs: integer('LEAD_RETRY_CAP_MS', env.LEAD_RETRY_CAP_MS, defaultRetry.capMs),
      giveUpAfterMs: integer('LEAD_RETRY_HOURS', env.LEAD_RETRY_HOURS, defaultRetry.giveUpAfterMs / 3600_000) * 3600_000,
    },
  };
}
