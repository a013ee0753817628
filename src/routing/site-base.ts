// Where the site's own addresses live. On the site and in `npm run studio` the site is at the root;
// in the studio on the production server the root belongs to the published site, so the preview is
// served under the studio's address (Vite's `base`: previewPath in shared/studio-protocol.ts). A
// build's base is "/", so there `siteBase` is "" and both functions return what they are given.
export const siteBase = import.meta.env.BASE_URL.replace(/\/$/, '');

/** An address of the site ("/images/a.jpg", "/_data/index.json") as this page must request it. */
export const siteUrl = (address: string): string =>
  siteBase && address.startsWith('/') && !address.startsWith('//') ? siteBase + address : address;

/** The site's own address of a path this page sees: "/contact" under the preview's base → "/contact". */
export const sitePath = (pathname: string): string =>
  siteBase && (pathname === siteBase || pathname.startsWith(`${siteBase}/`))
    ? pathname.slice(siteBase.length) || '/'
    : pathname;
