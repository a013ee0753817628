// `npm run releases -- share | shares | revoke`: preview links from the command line (share.ts).
// A link made or revoked here is in the audit log as "owner" (or --by).
import path from 'node:path';
import type { ServerConfig } from '../../server/config.ts';
import { PREVIEW_PATH, shareState, ShareLinks, shareUrl } from '../../server/previews/share-links.ts';
import { appendAudit } from '../../server/studio-access/audit.ts';
import { parseLasts, sharePreview, ShareRefused } from './share.ts';

const control = /\p{Cc}/gu;
const shown = (text: string) => text.replace(control, '?');
const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

export async function shareCommand(
  command: 'share' | 'shares' | 'revoke',
  rest: string[],
  values: { by?: string; commit?: string; expires?: string; page?: string },
  config: ServerConfig,
): Promise<number> {
  const by = values.by ?? 'owner';
  const links = new ShareLinks(config.dataDir);
  if (command === 'shares') {
    const all = await links.list();
    if (!all.length) console.log('No preview links.');
    for (const link of all) {
      const state = shareState(link, Date.now());
      const status = state === 'active' ? `until ${when(link.expires)}` : state === 'revoked' ? 'revoked' : 'expired';
      console.log(
        [link.id, status.padEnd(22), shown(link.by), link.commit.slice(0, 12), link.page ?? '(whole site)'].join('  '),
      );
    }
    return 0;
  }
  if (command === 'revoke') {
    const [idOrLink] = rest;
    if (!idOrLink || rest.length > 1)
      throw new ShareRefused('Say which link: npm run releases -- revoke ID-OR-LINK (`shares` lists them).');
    const record = await links.revoke(idOrLink, by);
    if (!record) throw new ShareRefused('There is no such preview link. `npm run releases -- shares` lists them.');
    await appendAudit(config.dataDir, { who: by, action: 'share-revoked', detail: `preview ${record.id}` });
    console.log(`Preview link ${record.id} no longer works.`);
    return 0;
  }
  if (rest.length) throw new ShareRefused(`share takes no ${shown(rest[0])}: say --commit C.`);
  const result = await sharePreview({
    root: path.resolve('.'),
    dataDir: config.dataDir,
    releasesDir: config.releasesDir,
    by,
    commit: values.commit,
    page: values.page,
    lastsMs: values.expires === undefined ? undefined : parseLasts(values.expires),
    onStep: (step, detail) => console.error(`${step}${detail ? `: ${detail}` : ''}`),
  });
  if (!result.ok) {
    console.error(`${result.reason}\n${result.messages.join('\n')}`);
    return 1;
  }
  const { record, token } = result;
  await appendAudit(config.dataDir, {
    who: by,
    action: 'share',
    detail: `preview ${record.id} of ${record.commit.slice(0, 12)}${record.page ? ` ${record.page}` : ''} until ${new Date(record.expires).toISOString()}`,
  });
  if (!config.publicUrl)
    console.error(
      `PUBLIC_URL is not set: the link below starts with ${PREVIEW_PATH}/; put the site's address before it.`,
    );
  console.error(`Preview link ${record.id}, until ${when(record.expires)} UTC (revoke with its id):`);
  // The link alone on standard output, for scripts.
  console.log(shareUrl(config.publicUrl ?? '', token, record.page));
  return 0;
}
