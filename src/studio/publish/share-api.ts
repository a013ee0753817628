// The shared previews' calls (scripts/studio/share-routes.ts on the server).
import type { ShareMade, ShareRequest, ShareView } from '../../../shared/sharing.ts';
import { call } from '../api.ts';

export const shareApi = {
  list: () => call<ShareView[]>('shares'),
  make: (request: ShareRequest) => call<ShareMade>('shares', { body: request }),
  stop: (id: string) => call<ShareView[]>('shares/revoke', { body: { id } }),
};

/** The link as it can be sent: the server's, or its path on this page's own address. */
export const sendableLink = (link: string) => (link.startsWith('/') ? `${window.location.origin}${link}` : link);
