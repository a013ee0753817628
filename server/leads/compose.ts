// Turns a lead into an e-mail: every field with its form label in a plain-text body, the visitor
// as Reply-To, and a Message-ID derived from the lead id so a resent lead is recognisably the same.
// Addresses are nodemailer address objects, never interpolated strings: nodemailer encodes their
// names, and the envelope sender is the configured address whatever a name holds.
import type { SendMailOptions } from 'nodemailer';
import type { FormDefinition } from '../../shared/generated/content.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { languageName, SUBMITTED_AT_FIELD, type LeadLanguage } from '../../shared/lead-protocol.ts';
import type { MailAddress } from '../config.ts';
import type { Lead } from './spool.ts';

export interface MailSettings {
  from: MailAddress;
  to: string;
  siteName: string;
  messageIdDomain: string;
  /** The languages the site declares, its own first: the lead's is named as the site names it. */
  languages?: readonly LeadLanguage[];
}

/** MAIL_FROM, or "<site name> website" <no-reply@HOST> with HOST the site's own (settings url). */
export function sender(mailFrom: MailAddress | undefined, site: SiteManifest['site']): MailAddress {
  return mailFrom ?? { name: `${site.name} website`, address: `no-reply@${new URL(site.url).hostname}` };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function composeMail(lead: Lead, form: FormDefinition, settings: MailSettings): SendMailOptions {
  const rows = form.fields.map((field) => {
    const raw = lead.fields[field.name] ?? '';
    const option = field.options?.find((o) => o.value === raw);
    return { label: field.label, value: option ? `${option.label} (${raw})` : raw || '—' };
  });
  rows.push(
    { label: 'Language', value: languageName(lead.language, settings.languages) },
    { label: 'Submitted at', value: lead.fields[SUBMITTED_AT_FIELD] ?? '—' },
    { label: 'Received at', value: lead.receivedAt },
    { label: 'Lead id', value: lead.id },
  );
  const text = [
    `${form.title}: a new lead from the ${settings.siteName} website.`,
    '',
    ...rows.map((r) => `${r.label}: ${r.value.includes('\n') ? `\n${r.value}\n` : r.value}`),
  ].join('\n');
  const html = `<p>${escapeHtml(form.title)}: a new lead from the ${escapeHtml(settings.siteName)} website.</p><table>${rows
    .map(
      (r) =>
        `<tr><th align="left" valign="top">${escapeHtml(r.label)}</th><td style="white-space:pre-wrap">${escapeHtml(r.value)}</td></tr>`,
    )
    .join('')}</table>`;
  const name = lead.fields.name ?? '';
  const company = lead.fields.company ? ` (${lead.fields.company})` : '';
  return {
    from: settings.from,
    to: settings.to,
    // Stated, not derived from the headers: the sender is the configured address, nothing else.
    envelope: { from: settings.from.address, to: settings.to },
    // Address objects let nodemailer encode the visitor's name; validation has already refused
    // any CR/LF that could have forged a header.
    replyTo: lead.fields.email ? { name, address: lead.fields.email } : undefined,
    subject: `${form.id === 'inquiry' ? 'New inquiry' : 'White paper request'} from ${name}${company}`,
    messageId: `<${lead.id}@${settings.messageIdDomain}>`,
    headers: { 'X-Lead-Id': lead.id, 'X-Lead-Form': form.id },
    text,
    html,
  };
}
