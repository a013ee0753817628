// The mail that tells a publisher their scheduled release will not go live: its build failed, so
// nothing changes at its time. Plain text, from the address the site's other mail comes from.
import { randomBytes } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import type { MailAddress } from '../../server/config.ts';
import type { ScheduledRelease } from '../../server/releases/scheduled.ts';
import { describeTime } from '../../shared/site-time.ts';
import type { SiteClock } from './site-clock.ts';

/** At most this many of the compiler's messages are quoted. */
const QUOTED = 10;

export function composeFailedScheduleMail(
  record: ScheduledRelease,
  messages: string[],
  site: SiteClock,
  from: MailAddress,
): SendMailOptions {
  const when = describeTime(Date.parse(record.at), site.timeZone);
  const what = record.article
    ? `the ${site.name} site ${record.article.change === 'goes-live' ? 'with' : 'without'} the article "${record.article.title}"`
    : `your changes to the ${site.name} site`;
  const text = [
    `The release you scheduled for ${when} could not be prepared, so ${what} will not go live then. The site stays as it is.`,
    '',
    record.failure ?? '',
    ...messages.slice(0, QUOTED).map((message) => `  ${message}`),
    ...(messages.length > QUOTED ? [`  … and ${messages.length - QUOTED} more`] : []),
    '',
    'Fix the problem in the studio, then schedule the release again.',
  ].join('\n');
  return {
    from,
    to: { name: '', address: record.by },
    subject: `Your release scheduled for ${when} will not go live`,
    text,
    messageId: `<schedule.${randomBytes(8).toString('hex')}@${new URL(site.url).hostname}>`,
  };
}
