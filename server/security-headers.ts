// The security headers of every response, written once: the Fastify server, the dev server, the
// generated nginx config and the static host's _headers file all send exactly these, and each
// sends the extra headers of mediaTypeHeaders for the media types listed there.
// The prerendered pages carry no executable inline script (islands' props are non-executable JSON
// blocks), so scripts are 'self' only, plus inline speculation rules (JSON the browser reads to
// prerender the next page, never run: scripts/site-build/speculation-rules.ts). Mantine sets
// inline style attributes, hence 'unsafe-inline' for styles alone.
const contentSecurityPolicy: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'inline-speculation-rules'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'https:', 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

// An SVG opened on its own is a document on the site's origin: a script or an event handler in it
// would run with the site's (or the studio's) rights. Sanitised at build, it is also sent sandboxed:
// no script, no request anywhere, no plugin; only its own inline styles.
const svgContentSecurityPolicy: Record<string, string[]> = {
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  sandbox: [],
};

const policyText = (policy: Record<string, string[]>) =>
  Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ');

export const securityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': policyText(contentSecurityPolicy),
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'same-origin',
  // Browsers honour it over HTTPS only, so it is harmless on a local http:// address.
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  // The legacy XSS auditor did more harm than good; 0 turns it off where it still exists.
  'X-XSS-Protection': '0',
});

/** The headers that replace the common ones for a media type (by its bare type, without parameters). */
export const mediaTypeHeaders: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.freeze({
  'image/svg+xml': Object.freeze({ 'Content-Security-Policy': policyText(svgContentSecurityPolicy) }),
});

/** The extra headers for a response of this Content-Type (parameters such as charset ignored), or none. */
export function headersForMediaType(contentType: string | undefined): Readonly<Record<string, string>> {
  const bare = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return mediaTypeHeaders[bare] ?? {};
}
