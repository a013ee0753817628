// The studio's file access, through the one module that touches site/ (shared/confined-files.ts):
// every read carries a version (a hash of the text), a save replaces the file only if it still has
// the version the edit started from (compared under the file's lock), and an upload or new file is
// created without ever overwriting. A refusal of the module becomes an HTTP status here.
import { createHash } from 'node:crypto';
import { ConfinedFileError, readConfined, relativePath, type Confinement } from '../../shared/confined-files.ts';
import { createFile, replaceFile } from '../../shared/confined-writes.ts';
import { plainName } from './entry-name.ts';

/** A refusal with its HTTP status and, for the studio page, details (the errors by field). */
export class StudioError extends Error {
  readonly status: number;
  readonly details?: unknown;
  constructor(status: number, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

export const versionOf = (text: string | Buffer) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The module's refusals as the studio answers them: missing 404, taken 409, the rest 403. */
export function asStudioError(error: unknown): unknown {
  if (!(error instanceof ConfinedFileError)) return error;
  const status = error.code === 'missing' ? 404 : error.code === 'exists' ? 409 : 403;
  return new StudioError(
    status,
    `${error.message}${status === 403 ? ' The studio reads and writes only real files inside site/.' : ''}`,
  );
}

const mapped = <T>(work: () => Promise<T>): Promise<T> =>
  work().catch((error: unknown) => {
    throw asStudioError(error);
  });

/** `relative` (a path under site/, like "pages/home.yaml") when it is one, else a 403. */
export function checkedPath(site: Confinement, relative: string): string {
  try {
    return relativePath(site, relative);
  } catch (error) {
    throw asStudioError(error);
  }
}

export async function readVersioned(site: Confinement, relative: string): Promise<{ text: string; version: string }> {
  const text = (await mapped(() => readConfined(site, relative))).toString('utf8');
  return { text, version: versionOf(text) };
}

/**
 * Replaces the file with `content` only if it still has version `expected` (compared under the
 * file's lock, so of two saves from one version exactly one lands); else a 409.
 */
export function replaceVersioned(
  site: Confinement,
  relative: string,
  content: string,
  expected: string,
): Promise<void> {
  return mapped(() =>
    replaceFile(site, relative, content, {
      expect: (current) => {
        if (current === undefined)
          throw new StudioError(
            404,
            `${plainName(relative)} is no longer there: someone deleted it meanwhile. Nothing was saved.`,
          );
        if (versionOf(current.toString('utf8')) !== expected)
          throw conflict(relative, versionOf(current.toString('utf8')));
      },
    }),
  );
}

/** Refuses with 409 when the file's text no longer has the version the edit started from. */
export function checkVersion(relative: string, text: string, expected: string): void {
  if (versionOf(text) !== expected) throw conflict(relative, versionOf(text));
}

const conflict = (relative: string, current: string) =>
  new StudioError(
    409,
    `${plainName(relative)} was changed by someone else since you opened it. Nothing was saved: reload it to see the new version, then make your edit again.`,
    { current },
  );

/** Creates a new file; a 409 when the name is taken (nothing is overwritten). */
export function createNew(site: Confinement, relative: string, content: string | Buffer, taken: string): Promise<void> {
  return mapped(() => createFile(site, relative, content)).catch((error: unknown) => {
    throw error instanceof StudioError && error.status === 409 ? new StudioError(409, taken) : error;
  });
}
