// The reply a form may send to the person who filled it in (autoReply in site/forms/*.yaml): its
// subject and text, and a page of the site under them (the white paper's, say). It is one more
// delivery of the lead ("reply" in its deliveries), decided when the lead is accepted: only for a
// lead not judged spam, only to the address the form's e-mail field validated, and at most
// REPLIES_PER_ADDRESS a day to one address, so the form cannot be used to mail someone repeatedly.
// It is written in the lead's language: the form's translation when the site has one (a text not
// translated yet stays the original's), and the linked page in that language when it is built.
import { languagePath } from '../../shared/languages.ts';
import type { SendMailOptions } from 'nodemailer';
import type { FormDefinition } from '../../shared/generated/content.ts';
import type { MailAddress } from '../config.ts';
import type { Destination } from './destinations.ts';
import { PermanentDeliveryError } from './errors.ts';
import type { Mailer } from './mailer.ts';
import type { Lead } from './spool.ts';

export const REPLIES_PER_ADDRESS = 3;
const WINDOW_MS = 24 * 3600_000;

/** The sender's address as the form's e-mail field validated it, or undefined. */
function senderAddress(form: FormDefinition, fields: Record<string, string>): string | undefined {
  const field = form.fields.find((f) => f.kind === 'email');
  return (field && fields[field.name]) || undefined;
}

/** Counts replies per address (lower-cased) in memory over the last day. */
export class ReplyLimit {
  private readonly sent = new Map<string, number[]>();

  /** Whether this lead gets a reply; counts it when it does. */
  allow(form: FormDefinition, fields: Record<string, string>, now = Date.now()): boolean {
    const address = senderAddress(form, fields)?.toLowerCase();
    if (!form.autoReply || !address) return false;
    for (const [key, times] of this.sent) if (times.every((t) => now - t > WINDOW_MS)) this.sent.delete(key);
    const recent = (this.sent.get(address) ?? []).filter((t) => now - t <= WINDOW_MS);
    if (recent.length >= REPLIES_PER_ADDRESS) return false;
    this.sent.set(address, [...recent, now]);
    return true;
  }
}

export interface ReplySettings {
  from: MailAddress;
  siteUrl: string;
  messageIdDomain: string;
}

/** What the live build knows of its languages, for writing a reply in the lead's. */
export interface ReplyLanguages {
  /** Each other language's forms, their texts translated (the manifest's `translations`). */
  translations: readonly { language: string; forms: FormDefinition[] }[];
  /** The build's routes: a linked page is given in the lead's language only where it is built. */
  routes: readonly string[];
}

/** The form as the lead's language has it: its translation, else the form itself. */
export function formInLanguageOf(lead: Lead, form: FormDefinition, languages: ReplyLanguages): FormDefinition {
  const translation = languages.translations.find((t) => t.language === lead.language);
  return translation?.forms.find((f) => f.id === form.id) ?? form;
}

/** A page of the site in the lead's language (/de/contact), when the build has it there. */
export function pageInLanguageOf(lead: Lead, page: string, languages: ReplyLanguages): string {
  const { language } = lead;
  if (!language || !languages.translations.some((t) => t.language === language)) return page;
  const there = languagePath(language, page);
  return languages.routes.includes(there) ? there : page;
}

export function composeReply(
  lead: Lead,
  source: FormDefinition,
  settings: ReplySettings,
  languages: ReplyLanguages = { translations: [], routes: [] },
): SendMailOptions {
  const form = formInLanguageOf(lead, source, languages);
  const reply = form.autoReply;
  const address = senderAddress(form, lead.fields);
  if (!reply || !address) throw new PermanentDeliveryError('the form no longer has a reply to the sender');
  const page = reply.link && pageInLanguageOf(lead, reply.link, languages);
  const link = page ? `\n\n${new URL(page, settings.siteUrl).href}` : '';
  return {
    from: settings.from,
    to: { name: lead.fields.name ?? '', address },
    envelope: { from: settings.from.address, to: address },
    subject: reply.subject,
    text: `${reply.text}${link}\n`,
    messageId: `<${lead.id}.reply@${settings.messageIdDomain}>`,
    // RFC 3834: an automatic reply, so the recipient's own auto-responder does not answer it.
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
  };
}

export function replyDestination(
  mailer: Mailer,
  settings: () => ReplySettings,
  languages: () => ReplyLanguages = () => ({ translations: [], routes: [] }),
): Destination {
  return {
    id: 'reply',
    label: 'reply to the sender',
    deliver: async (lead, form) => {
      if (!form) throw new PermanentDeliveryError(`no form "${lead.form}" in this build`);
      await mailer.send(composeReply(lead, form, settings(), languages()));
    },
  };
}
