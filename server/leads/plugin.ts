// Wires the lead pipeline together: mailer, delivery worker, retention and endpoints. Startup says
// where mail goes; closing the app lets a delivery in progress finish its bookkeeping.
import type { FastifyInstance } from 'fastify';
import { declaredLanguages } from '../../shared/lead-protocol.ts';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import type { ServerConfig } from '../config.ts';
import { sender } from './compose.ts';
import { replyDestination } from './auto-reply.ts';
import { mailDestination, webhookDestination } from './destinations.ts';
import { mailerFor } from './mailer.ts';
import { scheduleRetention } from './retention.ts';
import { leadRoutes } from './routes.ts';
import type { QueueIndex } from './queue-index.ts';
import type { Spool } from './spool.ts';
import { DeliveryWorker } from './worker.ts';

export async function leads(
  app: FastifyInstance,
  options: { config: ServerConfig; manifest: () => SiteManifest; spool: Spool; queue: QueueIndex },
) {
  const { config, manifest, spool, queue } = options;
  const mailer = mailerFor(config);
  // The forms, the site's name, address and languages come from the live build at each use (a publish changes them).
  const destinations = [
    mailDestination(mailer, () => ({
      from: sender(config.mailFrom, manifest().site),
      to: config.mailTo ?? manifest().site.email,
      siteName: manifest().site.name,
      messageIdDomain: new URL(manifest().site.url).hostname,
      languages: declaredLanguages(manifest().site.languages),
    })),
    ...(config.webhookUrls ?? []).map((url) => webhookDestination(url, config.webhookSecret ?? '')),
  ];
  const worker = new DeliveryWorker({
    spool,
    queue,
    destinations,
    reply: replyDestination(
      mailer,
      () => ({
        from: sender(config.mailFrom, manifest().site),
        siteUrl: manifest().site.url,
        messageIdDomain: new URL(manifest().site.url).hostname,
      }),
      () => ({ translations: manifest().translations ?? [], routes: manifest().routes }),
    ),
    forms: () => manifest().forms,
    retry: config.retry,
    log: app.log,
  });
  const webhooks = destinations.slice(1).map((d) => d.label);
  app.log.info(
    `Leads: spooled in ${spool.dir}; mail goes to ${mailer.describe}${webhooks.length ? `; also sent to ${webhooks.join(', ')}` : ''}`,
  );
  await app.register(leadRoutes, {
    forms: () => manifest().forms,
    languages: () => declaredLanguages(manifest().site.languages),
    spool,
    worker,
    siteUrl: () => manifest().site.url,
    blockedSenders: () => manifest().site.blockedSenders ?? [],
    rateLimit: config.rateLimit,
  });
  let stopRetention = () => undefined as void;
  app.addHook('onReady', async () => {
    // The queue is indexed before the server answers, so /healthz counts it from the start.
    await worker.start();
    stopRetention = scheduleRetention(spool, config.leadRetentionDays, app.log);
  });
  app.addHook('onClose', async () => {
    stopRetention();
    await worker.stop();
    mailer.close();
  });
}
