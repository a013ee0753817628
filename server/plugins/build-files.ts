// The build on disk: which files of dist/ may be served, checked once at start without reading any
// of them, so the server's memory and start time do not grow with the size of dist/ (its images).
// The bytes are streamed per request by @fastify/static (see site.ts).
import { realpath } from 'node:fs/promises';
import { distFiles, type Confinement } from '../../shared/confined-files.ts';
import { listFiles } from '../../shared/confined-listing.ts';
import { mediaType } from '../media-types.ts';
import type { Language } from '../../shared/generated/content.ts';
import { pageCacheControl, publicPath } from '../public-files.ts';

export interface Build {
  confinement: Confinement;
  /** dist/'s real path, resolved once: a link to dist/ (a release folder) is followed at start only. */
  root: string;
  /** The paths under dist/ found at start, names only. A release is immutable: nothing added later is served. */
  files: ReadonlySet<string>;
}

/**
 * Walks dist/ through shared/confined-files.ts (folder listings only, no file is read). A link
 * (the build makes none) or a pipe stops the start, naming the file, rather than being served.
 */
export async function openBuild(distDir: string): Promise<Build> {
  const confinement = distFiles(distDir);
  const listing = await listFiles(confinement);
  if (listing.refused.length) throw listing.refused[0];
  return { confinement, root: await realpath(confinement.dir), files: new Set(listing.files) };
}

export interface ServedFile {
  /** The path under dist/. */
  file: string;
  type: string;
  cacheControl: string;
}

/** The HTML of a declared route: a page answers at its route only, never as /route/index.html. */
export const pageFile = (route: string): ServedFile => ({
  file: route === '/' ? 'index.html' : `${route.slice(1)}/index.html`,
  type: mediaType('index.html') ?? 'text/html',
  cacheControl: pageCacheControl,
});

/** The not-found page in the language of the address asked for (/de/… in German), else the site's own. */
export function notFoundFile(url: string, languages: readonly Language[] = []): ServedFile {
  const code = languages.slice(1).find(({ code }) => url === `/${code}` || url.startsWith(`/${code}/`))?.code;
  return { ...pageFile('/'), file: code ? `${code}/404.html` : '404.html' };
}

// The precompressed variants are sent in place of their file (Content-Encoding), never on their own.
const isVariant = (relative: string) => relative.endsWith('.br') || relative.endsWith('.gz');

/** A file of dist/ under the public paths (public-files.ts) of a site in `languages`, judged by its decoded path, or undefined. */
export function publicFile(build: Build, relative: string, languages?: readonly Language[]): ServedFile | undefined {
  const entry = publicPath(`/${relative}`, languages);
  if (!entry || isVariant(relative) || !build.files.has(relative)) return undefined;
  return { file: relative, type: mediaType(relative) ?? 'application/octet-stream', cacheControl: entry.cacheControl };
}

/** Thrown when a file chosen to be sent is reached through a link: the app answers it as not found. */
export class LinkedFileError extends Error {
  readonly statusCode = 403;
}

/**
 * @fastify/static's onFile check, run on the file it opens (the precompressed variant included):
 * its real path must be the path asked for, so no link in dist/ is followed, even one made after
 * the start's check. The build's root is a real path, so any difference is a link on the way.
 */
export async function refuseLinks(file: string): Promise<void> {
  if ((await realpath(file)) !== file) throw new LinkedFileError(`${file} is reached through a symbolic link`);
}
