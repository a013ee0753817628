// The Content-Type of each file the site serves, by extension: one table for the server, the dev
// server and the build (which inlines small images as data: addresses).
import path from 'node:path';

export const mediaTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The media type of a file by its name, or undefined when the site does not serve that kind. */
export const mediaType = (file: string): string | undefined => mediaTypes[path.extname(file).toLowerCase()];
