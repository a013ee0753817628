// The mail that carries a sign-in link: plain text and a small HTML part (its values escaped by
// `entities`), from the address the leads are sent from, to the editor's address alone.
import { randomBytes } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import type { MailAddress } from '../config.ts';
import { html } from './pages.ts';

export interface SignInMail {
  to: string;
  link: string;
  from: MailAddress;
  siteName: string;
  minutes: number;
  /** The host that names the Message-ID (the site's own). */
  messageIdDomain: string;
}

export function composeSignInMail({ to, link, from, siteName, minutes, messageIdDomain }: SignInMail): SendMailOptions {
  const subject = `Your sign-in link for the ${siteName} studio`;
  const text = [
    `Someone asked to sign in to the ${siteName} studio with this address. If it was you, open this link within ${minutes} minutes:`,
    '',
    link,
    '',
    'The link works once. If you did not ask for it, ignore this mail: nobody can sign in without the link.',
  ].join('\n');
  const body = html`<p>
      Someone asked to sign in to the ${siteName} studio with this address. If it was you, open this link within
      ${minutes} minutes:
    </p>
    <p><a href="${link}">Sign in to the ${siteName} studio</a></p>
    <p>The link works once. If you did not ask for it, ignore this mail: nobody can sign in without the link.</p>`;
  return {
    from,
    to: { name: '', address: to },
    subject,
    text,
    html: body.text,
    messageId: `<sign-in.${randomBytes(8).toString('hex')}@${messageIdDomain}>`,
  };
}
