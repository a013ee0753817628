// The studio's shared previews, as its page and its server (scripts/studio/share-routes.ts) say them.

/** Asking for a preview link of the saved site (or one page of it). */
export interface ShareRequest {
  /** One page's address ("/services"); the whole site when absent. */
  page?: string;
  /** How many days the link works: one of shareDays. */
  days: number;
}

/** The lengths of time the studio offers; the first is the default. */
export const shareDays = [7, 1, 30] as const;

/** A preview link as the studio lists it. Its token is never listed: it is shown once, when made. */
export interface ShareView {
  /** Names the link for a revoke; never shown. */
  id: string;
  page?: string;
  by: string;
  /** ISO 8601. */
  created: string;
  expires: string;
  state: 'active' | 'expired' | 'revoked';
  revokedBy?: string;
}

export interface ShareMade {
  link: string;
  share: ShareView;
}
