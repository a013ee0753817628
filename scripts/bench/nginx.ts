// nginx serving the same dist/ with the same behaviour as the Fastify server: declared routes
// → 200, redirects → 301, everything else → 404 with the not-found page, precompressed files,
// the same cache headers. Proves the build is portable to any static host; used side by side
// with Fastify in the load test. Installed from Debian's packages when missing (as root).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteManifest } from '../build/site-files.ts';
import { waitForServer } from '../wait-for-server.ts';

const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export function ensureNginx(): void {
  if (existsSync('/usr/sbin/nginx') && existsSync(brotliModule)) return;
  if (process.getuid?.() !== 0) throw new Error('nginx is missing: install it with sudo apt-get install -y nginx-light libnginx-mod-http-brotli-static');
  console.log('Installing nginx from Debian…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx-light', 'libnginx-mod-http-brotli-static'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

export function nginxConfig(options: { distDir: string; port: number; prefix: string; manifest: SiteManifest }): string {
  const { distDir, port, prefix, manifest } = options;
  const redirects = manifest.redirects.map((r) => `    location = ${r.from} { add_header Cache-Control "public, max-age=3600"; return 301 ${r.to}; }`).join('\n');
  return `load_module ${brotliModule};
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  server_tokens off;
  absolute_redirect off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  brotli_static on;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${distDir};
    add_header X-Content-Type-Options nosniff always;
    add_header Content-Security-Policy "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' https: data:;font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'" always;
    add_header Referrer-Policy same-origin always;
    add_header Cross-Origin-Opener-Policy same-origin always;
    error_page 404 /404.html;
    location = /404.html { internal; add_header Cache-Control no-cache; }
    location = /_site.json { return 404; }
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; try_files $uri =404; }
    location /images/ { add_header Cache-Control "public, max-age=86400"; try_files $uri =404; }
    location /_data/ { add_header Cache-Control no-cache; try_files $uri =404; }
    location = /sitemap.xml { add_header Cache-Control no-cache; }
    location = /robots.txt { add_header Cache-Control no-cache; }
${redirects}
    location ~ ^(.+)/$ { return 301 $1; }
    location / { add_header Cache-Control no-cache; try_files $uri/index.html =404; }
  }
}
`;
}

export async function startNginx(options: { distDir: string; port: number; prefix: string; manifest: SiteManifest }): Promise<ChildProcess> {
  await mkdir(options.prefix, { recursive: true });
  const file = path.join(options.prefix, 'nginx.conf');
  await writeFile(file, nginxConfig(options));
  const child = spawn('/usr/sbin/nginx', ['-c', file, '-p', options.prefix], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForServer(child, `http://127.0.0.1:${options.port}/`, { name: 'nginx', timeoutMs: 5_000, ready: (response) => response.ok });
  return child;
}
