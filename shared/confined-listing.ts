// Listing the files under a root (confinement.ts) and copying them out: a folder's regular files by
// name, and every entry there that is refused (a link leading out, any link where links are refused,
// a pipe or device), so a build or the studio sees exactly the files a read would accept.
import { lstat, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readConfined } from './confined-files.ts';
import {
  judgeLink,
  kindOfStats,
  realRoot,
  refuse,
  relativePath,
  type ConfinedFileError,
  type Confinement,
} from './confinement.ts';

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

export interface Listing {
  /** Regular files under the folder, as paths under the root, sorted. Hidden names are skipped. */
  files: string[];
  /** What is there but refused: links leading out (any link where refused), pipes, devices. */
  refused: ConfinedFileError[];
}

/** Every regular file under `folder` ('' for the whole root), and every entry refused, by name. */
export async function listFiles(c: Confinement, folder = ''): Promise<Listing> {
  if (folder) relativePath(c, folder);
  const root = await realRoot(c);
  const listing: Listing = { files: [], refused: [] };
  const walk = async (under: string): Promise<void> => {
    const entries = await readdir(path.join(root, ...(under ? under.split('/') : [])), { withFileTypes: true }).catch(
      (error: unknown) => {
        if (code(error) === 'ENOENT' || code(error) === 'ENOTDIR') return [];
        throw error;
      },
    );
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const relative = under ? `${under}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(relative);
      else if (entry.isFile()) listing.files.push(relative);
      else if (entry.isSymbolicLink()) {
        const refusal = await judgeLink(c, root, relative);
        if (refusal) listing.refused.push(refusal);
        else listing.files.push(relative);
      } else
        listing.refused.push(
          refuse(
            c,
            'not-a-file',
            relative,
            `is ${kindOfStats(await lstat(path.join(root, relative)))}, not a regular file.`,
          ),
        );
    }
  };
  await walk(folder);
  listing.files.sort();
  return listing;
}

/**
 * Copies the regular files under `folder` into `destination` (same paths below it), each read
 * through openFile; throws the first refusal (a link, a pipe), naming the file. `keep` chooses files.
 * Returns the paths copied, under the root.
 */
export async function copyFiles(
  c: Confinement,
  folder: string,
  destination: string,
  keep: (relative: string) => boolean = () => true,
): Promise<string[]> {
  const { files, refused } = await listFiles(c, folder);
  if (refused.length) throw refused[0];
  const copied: string[] = [];
  for (const relative of files.filter(keep)) {
    const bytes = await readConfined(c, relative);
    const target = path.join(destination, ...relative.slice(folder ? folder.length + 1 : 0).split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
    copied.push(relative);
  }
  return copied;
}
