// The security headers of every response, written once: the Fastify server, the dev server, the
// generated nginx config and the static host's _headers file all send exactly these.
// The prerendered pages carry no executable inline script (route data is a non-executable JSON
// block), so scripts are 'self' only. Mantine sets inline style attributes, hence
// 'unsafe-inline' for styles alone.
const contentSecurityPolicy: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'https:', 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const securityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': Object.entries(contentSecurityPolicy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; '),
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
