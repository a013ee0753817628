// Mailing sign-in links. The mail goes out after the answer, so an editor's address and anyone
// else's take the same time; an address that is not an editor gets no mail. An editor is mailed at
// most one link a minute (SIGN_IN_LIMITS.mailEveryMs), counted in mails actually sent, and a request
// within the minute is never refused: it gets the same answer and no second mail.
import type { FastifyBaseLogger } from 'fastify';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import type { ServerConfig } from '../config.ts';
import { sender } from '../leads/compose.ts';
import { mailerFor } from '../leads/mailer.ts';
import { type Editor, findEditor } from './editors.ts';
import { LINK_LIFETIME_MS, type LinkRecord, linkUrl } from './links.ts';
import type { SecretRecords } from './secret-records.ts';
import { composeSignInMail } from './sign-in-mail.ts';

/**
 * Sign-in requests allowed per client address in each window; and how often one address is mailed
 * a link. The address's limit counts mails actually sent and never refuses, so strangers asking for
 * an editor's address can delay their next link by a minute at most, never lock them out. Signing
 * in with the mailed link frees the minute: only the mailbox's owner can do that.
 */
export const SIGN_IN_LIMITS = { perIp: 20, windowMs: 15 * 60_000, mailEveryMs: 60_000 } as const;

export const minutes = (ms: number) => Math.ceil(ms / 60_000);

export interface LinkMailing {
  /** Mails a link to `email` if it is an editor's and none went in the last minute; returns at once. */
  request(email: string, origin: string, log: FastifyBaseLogger): void;
  /** The editor signed in with a mailed link: their next request may be mailed at once. */
  used(email: string): void;
  /** Waits for the mail still on its way. */
  close(): Promise<void>;
}

export function linkMailing(options: {
  config: ServerConfig;
  manifest: () => SiteManifest;
  links: SecretRecords<LinkRecord>;
  now: () => number;
}): LinkMailing {
  const { config, links, now } = options;
  const mailer = mailerFor(config);
  const sending = new Set<Promise<void>>();
  // When each editor was last mailed a link (editors only: an unknown address is never mailed).
  const lastMailed = new Map<string, number>();

  async function mailLink(editor: Editor, origin: string): Promise<void> {
    const token = await links.create(
      { email: editor.email, expires: now() + LINK_LIFETIME_MS, editorAdded: editor.added },
      now(),
    );
    const { site } = options.manifest();
    await mailer.send(
      composeSignInMail({
        to: editor.email,
        link: linkUrl(origin, token),
        from: sender(config.mailFrom, site),
        siteName: site.name,
        minutes: minutes(LINK_LIFETIME_MS),
        messageIdDomain: new URL(site.url).hostname,
      }),
    );
  }

  async function send(email: string, origin: string, log: FastifyBaseLogger): Promise<void> {
    const editor = await findEditor(config.dataDir, email);
    if (!editor) {
      log.info(
        { address: email },
        'studio: a sign-in link was asked for an address that is not an editor; no mail sent',
      );
      return;
    }
    // Checked and taken with no await between: of two requests at once, one mails.
    const previous = lastMailed.get(editor.email);
    if (previous !== undefined && now() - previous < SIGN_IN_LIMITS.mailEveryMs) {
      log.info({ editor: editor.email }, 'studio: a link was mailed to this editor less than a minute ago; none sent');
      return;
    }
    const sentAt = now();
    lastMailed.set(editor.email, sentAt);
    try {
      await mailLink(editor, origin);
    } catch (error) {
      // Nothing reached the editor: the next request may try again at once.
      if (lastMailed.get(editor.email) === sentAt) lastMailed.delete(editor.email);
      throw error;
    }
    log.info({ editor: editor.email }, 'studio: sign-in link sent');
  }

  return {
    request(email, origin, log) {
      const work = send(email, origin, log)
        .catch((error: unknown) => log.error({ err: error }, 'studio: the sign-in link could not be sent'))
        .finally(() => sending.delete(work));
      sending.add(work);
    },
    used: (email) => void lastMailed.delete(email),
    close: async () => {
      await Promise.allSettled(sending);
      mailer.close();
    },
  };
}
