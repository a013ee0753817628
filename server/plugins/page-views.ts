// Counts the site's page views as the server serves them (server/page-views.ts): a GET answered
// 200 (or 304) with an HTML page, not to a bot (isbot reads the User-Agent), never an address the site
// reserves for itself (the studio, its data). Nothing about the visitor is looked at beyond that
// header, and nothing of it is kept. A page a visitor's browser prerenders because the pointer
// rests on its link counts too: the server cannot tell whether it was then shown.
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import { PageViews } from '../page-views.ts';

export interface PageViewsOptions {
  dataDir: string;
  /** How often the counts are written to DATA_DIR (PAGE_VIEWS_FLUSH_MS). */
  flushMs: number;
}

export async function pageViews(app: FastifyInstance, options: PageViewsOptions) {
  const views = new PageViews(options.dataDir);
  app.addHook('onResponse', async (request, reply) => {
    // 304: a page the browser had kept, shown again.
    if (request.method !== 'GET' || (reply.statusCode !== 200 && reply.statusCode !== 304)) return;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return;
    const page = request.url.split('?')[0];
    // No User-Agent at all is a script, not a browser.
    const agent = request.headers['user-agent'];
    if (page.startsWith('/_') || !agent || isbot(agent)) return;
    views.count(page);
  });
  const flush = () =>
    views.flush().catch((error: unknown) => app.log.warn({ err: error }, 'page views could not be written'));
  const timer = setInterval(flush, options.flushMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });
}
