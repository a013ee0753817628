// Judges a valid lead as spam without a captcha, beside the honeypot and the rate limit: a form
// filled in faster than a person can, links or markup where a person writes none, the same
// message sent again, a sender the team blocked. Each reason is a sentence a marketer reads in
// the inbox. A lead judged spam is kept in spool/spam/ and delivered nowhere until released.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { LOADED_AT_FIELD, MIN_SECONDS_TO_FILL, SUBMITTED_AT_FIELD } from '../../shared/lead-protocol.ts';
import { fsyncPath } from './durable-file.ts';
import type { Spool, SpoolEntry } from './spool.ts';

/** A link as people and bots write one: a scheme, or www. and a dot. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
/** HTML tags, BBCode links and script addresses: a person typing in a form writes none. */
const MARKUP = /<\s*\/?\s*[a-z][^>]*>|\[\/?(?:url|link|img)\b|javascript:/i;
/** How many links a message may hold before it looks like spam. */
const MAX_LINKS_IN_TEXT = 2;
/** How long a message is remembered to recognise it sent again. */
const REPEAT_WINDOW_MS = 24 * 3600_000;

export interface SpamContext {
  /** Addresses (someone@example.com) and domains (example.com) the team blocked. */
  blockedSenders: readonly string[];
}

export class SpamJudge {
  /** Digest of a message's fields → when it was last seen. */
  private readonly seen = new Map<string, number>();

  /** Why this lead is spam, in words; empty when it is not. */
  judge(fields: Record<string, string>, form: FormDefinition, context: SpamContext, now = Date.now()): string[] {
    const reasons: string[] = [];
    const loaded = Date.parse(fields[LOADED_AT_FIELD] ?? '');
    const submitted = Date.parse(fields[SUBMITTED_AT_FIELD] ?? '');
    if (!Number.isNaN(loaded) && !Number.isNaN(submitted) && submitted - loaded < MIN_SECONDS_TO_FILL * 1000)
      reasons.push(
        `Sent ${Math.max(0, Math.round((submitted - loaded) / 100) / 10)} seconds after the form opened: faster than a person can fill it in.`,
      );
    for (const field of form.fields) {
      const value = fields[field.name] ?? '';
      const links = value.match(LINK)?.length ?? 0;
      if (MARKUP.test(value)) reasons.push(`"${field.label}" holds web page code or a script.`);
      else if (field.kind !== 'textarea' && links > 0) reasons.push(`"${field.label}" holds a web link.`);
      else if (links > MAX_LINKS_IN_TEXT) reasons.push(`"${field.label}" holds ${links} web links.`);
    }
    const email = form.fields.find((field) => field.kind === 'email');
    const address = (email && fields[email.name]?.trim().toLowerCase()) || '';
    const domain = address.split('@')[1] ?? '';
    const blocked = context.blockedSenders.map((entry) => entry.trim().toLowerCase().replace(/^@/, ''));
    if (
      address &&
      (blocked.includes(address) || blocked.some((entry) => domain === entry || domain.endsWith(`.${entry}`)))
    )
      reasons.push('The sender is on the list of blocked senders.');
    const digest = this.digest(fields, form);
    for (const [key, at] of this.seen) if (now - at > REPEAT_WINDOW_MS) this.seen.delete(key);
    if (this.seen.has(digest)) reasons.push('The same message arrived earlier today.');
    this.seen.set(digest, now);
    return reasons;
  }

  /** The form's own fields only: the times differ on every send of the same message. */
  private digest(fields: Record<string, string>, form: FormDefinition): string {
    const values = form.fields.map((field) => (fields[field.name] ?? '').trim().toLowerCase());
    return createHash('sha256')
      .update(JSON.stringify([form.id, values]))
      .digest('hex');
  }
}

/**
 * Releases a lead judged spam: back in the queue as a new lead (no delivery state: the worker
 * sends it to every destination), its spam reasons dropped. A running server picks it up at its
 * next rescan.
 */
export async function releaseSpam(spool: Spool, entry: SpoolEntry): Promise<void> {
  const { spam: _reasons, deliveries: _none, lastError: _error, ...lead } = entry;
  await spool.write({ ...lead, attempts: 0, nextAttemptAt: 0 }, 'queue');
  await rm(path.join(spool.folder('spam'), `${entry.lead.id}.json`), { force: true });
  await fsyncPath(spool.folder('spam'));
}
