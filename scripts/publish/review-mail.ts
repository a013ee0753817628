// The mails of a review, plain text (its sender added where it is sent): to each
// publisher when an editor asks for a review (with the editor's message and a link to the review in
// the studio), and to the editor when a publisher approves or asks for changes.
import { randomBytes } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import type { ReviewDecision, ReviewRecord } from '../../shared/team-review.ts';
import type { SiteClock } from './site-clock.ts';

const messageId = (site: SiteClock) => `<review.${randomBytes(8).toString('hex')}@${new URL(site.url).hostname}>`;

export function composeReviewAskedMail(
  review: ReviewRecord,
  to: string,
  link: string,
  site: SiteClock,
): SendMailOptions {
  const text = [
    `${review.by} asks you to review their changes to the ${site.name} site before they go live:`,
    '',
    ...review.message.split('\n').map((line) => `  ${line}`),
    '',
    'Open the review to see each change and its pages before and after, leave a note at a change, and approve it or ask for changes:',
    '',
    link,
  ].join('\n');
  return {
    to: { name: '', address: to },
    subject: `${review.by} asks for a review of changes to the ${site.name} site`,
    text,
    messageId: messageId(site),
  };
}

export function composeDecisionMail(
  review: ReviewRecord,
  decision: ReviewDecision,
  link: string,
  site: SiteClock,
): SendMailOptions {
  const verdict =
    decision.verdict === 'approved'
      ? `${decision.by} approved your changes to the ${site.name} site: a publisher can now make them live.`
      : `${decision.by} asks for changes before your changes to the ${site.name} site go live.`;
  const text = [
    verdict,
    ...(decision.note ? ['', ...decision.note.split('\n').map((line) => `  ${line}`)] : []),
    '',
    'The review, with any notes left at your changes:',
    '',
    link,
  ].join('\n');
  return {
    to: { name: '', address: review.by },
    subject:
      decision.verdict === 'approved'
        ? `Your changes to the ${site.name} site are approved`
        : `Changes asked before your changes to the ${site.name} site go live`,
    text,
    messageId: messageId(site),
  };
}
