// Delivers composed mail: over SMTP when SMTP_URL is set (STARTTLS whenever the server offers
// it), otherwise into DATA_DIR/outbox as .eml files, so a fresh checkout works with no mail server.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { writeDurably } from './durable-file.ts';

export interface Mailer {
  /** Where mail goes, for the startup log. */
  describe: string;
  send(message: SendMailOptions): Promise<void>;
  close(): void;
}

export class PermanentMailError extends Error {}

/** 5xx SMTP replies mean "never" (bad recipient, refused content); everything else may pass later. */
export function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentMailError) return true;
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function smtpMailer(url: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as object);
  const safe = new URL(url);
  safe.password = safe.password ? '***' : '';
  return {
    describe: `SMTP ${safe.toString()}`,
    send: async (message) => {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

/** Where this server's mail goes: SMTP_URL, or DATA_DIR/outbox without it (the leads and the studio's sign-in links). */
export function mailerFor(config: { smtpUrl?: string; dataDir: string }): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl) : outboxMailer(path.join(config.dataDir, 'outbox'));
}

export function outboxMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `the outbox folder ${dir} (.eml files; set SMTP_URL to send real e-mail)`,
    send: async (message) => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const info = (await transport.sendMail(message)) as unknown as { message: Buffer };
      const leadId = (message.headers as Record<string, string> | undefined)?.['X-Lead-Id'];
      const id = (leadId ?? String(message.messageId ?? Date.now())).replace(/[^A-Za-z0-9_.-]/g, '_');
      await writeDurably(path.join(dir, `${id}.eml`), info.message);
    },
    close: () => undefined,
  };
}
