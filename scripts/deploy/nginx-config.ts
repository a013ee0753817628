// The nginx.conf for one build, generated from the manifest the server reads (dist/_site.json) and
// the tables the server uses (security headers, public files and their caching, media types), so
// nginx answers exactly as Fastify does: 200 for each route, 301 for each redirect and trailing
// slash, 404 with the not-found page for anything else, precompressed brotli and gzip. The lead
// endpoints and /healthz go to the upstream instances; the lead rate limit is enforced here, so
// it holds across all of them. Runs unprivileged: nginx -p PREFIX -c FILE -g 'daemon off;'.
import { existsSync, realpathSync } from 'node:fs';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { healthPath } from '../../shared/reserved-addresses.ts';
import { RATE_WINDOW_MS } from '../../server/config.ts';
import { tooManySubmissions } from '../../server/leads/errors.ts';
import { mediaTypes } from '../../server/media-types.ts';
import { PREVIEW_PATH } from '../../server/previews/share-links.ts';
import { REDACTED_PREVIEW, REDACTED_QUERY } from '../../server/request-log.ts';
import { isFolder, pageCacheControl, publicPathsIn, redirectCacheControl } from '../../server/public-files.ts';
import { headersForMediaType, securityHeaders } from '../../server/security-headers.ts';
import { maxUploadBytes } from '../studio/images.ts';
import { listenAddress, nginxComment, nginxString, serverNames, upstreamAddress } from './nginx-encode.ts';

export const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface NginxOptions {
  /** Absolute path of the build. */
  distDir: string;
  manifest: SiteManifest;
  /** A port, or address:port. */
  listen: string;
  /** host:port of each server instance. */
  upstreams: string[];
  serverName?: string;
  /** RATE_LIMIT: leads per client address per 10 minutes; 0 = no limit. */
  rateLimit: number;
  /**
   * host:port of the one instance that runs the studio (`npm start` with editors). /_studio/ goes
   * there alone, and the pages are proxied to the instances, which serve the live release and
   * switch together when it is published, so the config is not regenerated after a publish.
   */
  studio?: string;
}

/** nginx counts whole requests per minute: RATE_LIMIT at once (the burst), then refilled evenly. */
export function leadRate(rateLimit: number) {
  const windowMinutes = RATE_WINDOW_MS / 60_000;
  const perMinute = Math.max(1, Math.round(rateLimit / windowMinutes));
  return { perMinute, burst: rateLimit - 1, retryAfterSeconds: Math.ceil(60 / perMinute) };
}

// Every value nginx reads goes through nginx-encode.ts: quoted and escaped, or refused.
const quote = (text: string, what = `the value "${nginxComment(text)}"`) => nginxString(text, what);
// add_header in a location replaces every add_header inherited from the server block, so each
// location that adds one states the security headers again.
const headerLines = (extra: Record<string, string>, indent: string) =>
  Object.entries({ ...securityHeaders, ...extra })
    .map(([name, value]) => `${indent}add_header ${name} ${quote(value)} always;`)
    .join('\n');
const location = (match: string, extraHeaders: Record<string, string>, body: string[]) =>
  [
    `    location ${match} {`,
    headerLines(extraHeaders, '      '),
    ...body.map((line) => `      ${line}`),
    '    }',
  ].join('\n');
// A path from the manifest goes into the config as a literal: nothing in it may end a directive.
function literal(pathname: string): string {
  if (!/^\/[A-Za-z0-9._~/-]*$/.test(pathname))
    throw new Error(
      `Cannot put the path "${pathname}" into nginx.conf: only letters, digits and . _ ~ / - are allowed.`,
    );
  return pathname;
}

function limitZone(rateLimit: number): string {
  const rate = leadRate(rateLimit);
  return `  # RATE_LIMIT=${rateLimit} leads per client address per 10 minutes, across every instance: that
  # many at once, then ${rate.perMinute} a minute (nginx counts whole requests per minute). Only POSTs count.
  map $request_method $lead_client {
    POST $binary_remote_addr;
    default "";
  }
  limit_req_zone $lead_client zone=leads:10m rate=${rate.perMinute}r/m;
  limit_req_status 429;
`;
}

// nginx's "combined" log format, with the request line and the Referer of a studio sign-in address
// written without their query (a mailed link's token, or a provider's code, signs in whoever reads
// it) and of a shared preview without its token (request-log.ts lists both).
const signInLogFormat = `  # The studio's sign-in addresses are logged without their query, which holds a sign-in secret,
  # and a shared preview's address without the token in its path.
  map $request_uri $logged_uri {
    "~*^[^?]*${PREVIEW_PATH}/" "${REDACTED_PREVIEW}";
    "~*^(?<signin_path>[^?]*/_studio/sign-in[^?]*)\\?" "$signin_path${REDACTED_QUERY}";
    default $request_uri;
  }
  map $http_referer $logged_referer {
    "~*^[^?]*${PREVIEW_PATH}/" "${REDACTED_PREVIEW}";
    "~*^(?<signin_referer>[^?]*/_studio/sign-in[^?]*)\\?" "$signin_referer${REDACTED_QUERY}";
    default $http_referer;
  }
  log_format site '$remote_addr - $remote_user [$time_local] "$request_method $logged_uri $server_protocol" '
                  '$status $body_bytes_sent "$logged_referer" "$http_user_agent"';`;

export function nginxConfig(options: NginxOptions): string {
  const { manifest, listen, upstreams, rateLimit } = options;
  // A build reached through a link (a release switched by one symlink) is served from where the
  // link points now: disable_symlinks refuses links anywhere on the path. A folder that does not
  // exist here (a config made for another machine) is written as given.
  const distDir = existsSync(options.distDir) ? realpathSync(options.distDir) : options.distDir;
  if (!upstreams.length) throw new Error('Give at least one --upstream HOST:PORT (a running `npm start`).');
  const serverName = options.serverName ?? new URL(manifest.site.url).hostname;
  const rate = leadRate(rateLimit);
  const types = Object.entries(mediaTypes).map(([extension, type]) => `    ${quote(type)} ${extension.slice(1)};`);

  const pages = manifest.routes.flatMap((route) => {
    const file = route === '/' ? '/index.html' : `${literal(route)}/index.html`;
    const page = location(`= ${literal(route)}`, { 'Cache-Control': pageCacheControl }, [`try_files ${file} =404;`]);
    // /services/ is /services: one canonical address per page (the query string kept).
    return route === '/' ? [page] : [page, location(`= ${route}/`, {}, [`return 301 ${route}$is_args$args;`])];
  });
  const redirects = manifest.redirects.map(({ from, to }) =>
    location(`= ${literal(from)}`, { 'Cache-Control': redirectCacheControl }, [`return 301 ${literal(to)};`]),
  );
  // A media type with headers of its own (an SVG's sandbox) gets a nested location in each folder,
  // which states every header again, as any location that adds one must.
  const ownHeaders = Object.entries(mediaTypes).filter(([, type]) => Object.keys(headersForMediaType(type)).length > 0);
  const typed = (cacheControl: string) =>
    ownHeaders.flatMap(([extension, type]) => [
      `location ~* \\${extension}$ {`,
      ...headerLines({ ...headersForMediaType(type), 'Cache-Control': cacheControl }, '  ').split('\n'),
      '  try_files $uri =404;',
      '}',
    ]);
  const files = publicPathsIn(manifest.site.languages).map((entry) =>
    location(
      isFolder(entry) ? `^~ ${literal(entry.path)}` : `= ${literal(entry.path)}`,
      { 'Cache-Control': entry.cacheControl },
      ['try_files $uri =404;', ...(isFolder(entry) ? typed(entry.cacheControl) : [])],
    ),
  );
  const proxy = [
    'proxy_pass http://instances;',
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $http_host;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    // A refused or timed-out connection moves on to the next instance. A lead already sent to an
    // instance is never sent again (nginx does not retry a POST once it went out).
    'proxy_next_upstream error timeout;',
    'proxy_connect_timeout 2s;',
  ];
  const leadLimit =
    rateLimit > 0
      ? ['limit_req zone=leads burst=' + rate.burst + ' nodelay;', 'error_page 429 = @too_many_leads;']
      : [];
  // When no instance answers, nginx's own error page would be HTML without the security headers.
  const leadsDown = ['error_page 502 503 504 = @leads_unavailable;'];
  const block = (match: string, lines: string[]) =>
    `    location ${match} {\n${lines.map((line) => `      ${line}`).join('\n')}\n    }`;
  const endpoints = manifest.forms.map((form) =>
    block(`= ${literal(form.endpoint)}`, [...leadLimit, ...leadsDown, ...proxy]),
  );
  // nginx's own answers, as JSON in the shape the server uses, with the security headers.
  const json = (name: string, status: number, body: object, retryAfter: number) =>
    location(`@${name}`, { 'Retry-After': String(retryAfter), 'Cache-Control': 'no-store' }, [
      'default_type "application/json; charset=utf-8";',
      `return ${status} ${quote(JSON.stringify(body))};`,
    ]);
  // With a studio, everything but the lead endpoints, /healthz and /_studio/ is the instances' to answer.
  const site = options.studio
    ? [
        '    # The pages and files of the live release: the instances serve it and switch together on a publish.',
        block('/', proxy),
      ]
    : [
        location('= /404.html', { 'Cache-Control': pageCacheControl }, ['internal;']),
        // Each translation's own not-found page for any other address under /<code>/.
        ...(manifest.site.languages ?? [])
          .slice(1)
          .flatMap(({ code }) => [
            location(`= ${literal(`/${code}/404.html`)}`, { 'Cache-Control': pageCacheControl }, ['internal;']),
            location(`^~ ${literal(`/${code}/`)}`, {}, [
              `error_page 404 ${literal(`/${code}/404.html`)};`,
              'return 404;',
            ]),
          ]),
        pages.join('\n'),
        redirects.join('\n'),
        files.join('\n'),
      ];
  const studio = options.studio
    ? [
        '    # The studio: one instance edits the checkout and publishes, so every /_studio/ request goes there,',
        '    # its change stream and its image uploads included.',
        block('^~ /_studio/', [
          `client_max_body_size ${Math.ceil(maxUploadBytes / 2 ** 20) + 1}m;`,
          'proxy_pass http://studio;',
          'proxy_http_version 1.1;',
          // No websocket: the studio opens none, so no upgrade is passed on, and the connection
          // to the studio stays open for the next request.
          "proxy_set_header Connection '';",
          'proxy_set_header Host $http_host;',
          'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
          'proxy_set_header X-Forwarded-Proto $scheme;',
          // The studio's change stream stays open while the page is, each event sent on at once.
          'proxy_buffering off;',
          'proxy_read_timeout 1h;',
        ]),
      ]
    : [];
  const unavailable = {
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'The form could not be sent just now. Please try again in a minute or contact us directly.',
  };

  return `# nginx.conf for ${nginxComment(manifest.site.name)}, generated by \`npm run nginx-config\` from ${nginxComment(distDir)}/_site.json.
# Regenerate it after every build. Run it unprivileged, with a folder of its own for the pid,
# temp and log files:   nginx -p PREFIX -c THIS_FILE -g 'daemon off;'
# Brotli needs Debian's libnginx-mod-http-brotli-static.
load_module ${brotliModule};
worker_processes auto;
# Relative paths are under PREFIX (Debian's built-in pid path, /run/nginx.pid, needs root).
pid nginx.pid;
error_log error.log warn;
events { worker_connections 1024; }

http {
  types {
${types.join('\n')}
  }
  default_type application/octet-stream;
${signInLogFormat}
  access_log access.log site;
  client_body_temp_path client_body_temp;
  proxy_temp_path proxy_temp;
  fastcgi_temp_path fastcgi_temp;
  uwsgi_temp_path uwsgi_temp;
  scgi_temp_path scgi_temp;
  server_tokens off;
  absolute_redirect off;
  sendfile on;
  tcp_nopush on;
  # The server refuses lead bodies over 16 KB too, and requests that do not arrive within 10 s
  # (REQUEST_TIMEOUT_MS): nginx holds a slow client no longer than the server would.
  client_max_body_size 16k;
  client_header_timeout 10s;
  client_body_timeout 10s;
  brotli_static on;
  gzip_static on;
  gzip_vary on;
  etag on;

${rateLimit > 0 ? limitZone(rateLimit) : '  # RATE_LIMIT=0: no lead rate limit.\n'}
${
  options.studio
    ? `  upstream studio {
    server ${upstreamAddress(options.studio)};
    keepalive 4;
  }

`
    : ''
}  upstream instances {
${upstreams.map((upstream) => `    server ${upstreamAddress(upstream)} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 16;
  }

  server {
    listen ${listenAddress(listen)};
    server_name ${serverNames(serverName)};
    root ${quote(distDir, `the build folder ${nginxComment(distDir)}`)};
    # The build holds real files only (shared/confined-files.ts copies no link); a link put there
    # later is refused, not followed. Not \`from=$document_root\`: the brotli module ignores it and
    # then never finds a .br file, so root is the build's real path, resolved when this is generated.
    disable_symlinks on;
    error_page 404 /404.html;

${site.join('\n\n')}
${studio.length ? `\n${studio.join('\n')}\n` : ''}
    # Shared previews are built and kept by the instance that runs the studio (the instances without one).
${block(`^~ ${PREVIEW_PATH}/`, [options.studio ? 'proxy_pass http://studio;' : proxy[0], ...proxy.slice(1)])}
    # The lead endpoints and the health check are answered by the instances.
${endpoints.join('\n')}
${block(`= ${healthPath}`, ['error_page 502 503 504 = @no_instance;', ...proxy])}
${json('too_many_leads', 429, tooManySubmissions(Math.ceil(rate.retryAfterSeconds / 60)), rate.retryAfterSeconds)}
${json('leads_unavailable', 503, unavailable, 60)}
${json('no_instance', 503, { status: 'unavailable', reason: 'no server instance answers' }, 10)}

${options.studio ? '' : '    # Anything else: the not-found page, as the server answers.\n    location / { return 404; }\n'}  }
}
`;
}
