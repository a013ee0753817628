// How the studio names a content file to the person editing: by its kind and name ("Page
// “contact”", "The site settings"), never by its path under site/, which stays in the logs.
// entries.ts names an entry by its title where it can read it.
import path from 'node:path';
import { kindWord } from '../../shared/entry-groups.ts';
import { siteFileKind } from '../content/load-site.ts';

/** The file's kind and name without reading it: "Page “contact”", "Image “team.jpg”". */
export function plainName(file: string): string {
  const kind = siteFileKind(file) ?? 'other';
  if (kind === 'settings') return 'The site settings';
  if (kind === 'redirects') return 'The redirects';
  if (kind === 'image') return `Image “${path.basename(file)}”`;
  if (kind === 'other') return `“${path.basename(file)}”`;
  return `${kindWord(kind)} “${path.basename(file).replace(/\.\w+$/, '')}”`;
}
