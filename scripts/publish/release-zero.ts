// Release zero: until the first publish the server serves the build in DIST_DIR. The first publish
// first keeps that build as a release of its own (a copy under releases/, with the commit its build
// recorded, where it recorded one) and makes it the live one: visitors see the same files, and from
// then on it is in the list like any other release, so the first publish can be rolled back too.
// Run under the publish lock (publish.ts).
import { cp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readManifest } from '../../server/plugins/site.ts';
import {
  newReleaseId,
  readBuildRecord,
  readCurrent,
  releaseDir,
  releaseInfoFile,
  writeCurrent,
  type ReleaseInfo,
} from '../../server/releases/store.ts';
import { syncFolder } from '../../shared/sync-folder.ts';
import { syncTree } from './sync-tree.ts';

/**
 * Keeps DIST_DIR as a release and makes it live, when no release is live yet and DIST_DIR holds a
 * build; returns its id, or undefined when there was nothing to keep.
 */
export async function keepReleaseZero(distDir: string, releasesDir: string): Promise<string | undefined> {
  if (await readCurrent(releasesDir)) return undefined;
  // No build there (a server that has only ever served releases): nothing was served from it.
  if (
    !(await readManifest(distDir).then(
      () => true,
      () => false,
    ))
  )
    return undefined;
  const record = await readBuildRecord(distDir);
  // Named by when it was built, so it sorts before the release being published; at the latest a
  // second before now, for a build made this very second.
  const built = Date.parse(record.at);
  const id = newReleaseId(new Date(Math.min(Number.isNaN(built) ? Infinity : built, Date.now() - 1000)));
  const partial = path.join(releasesDir, `${id}.partial`);
  try {
    await cp(distDir, partial, { recursive: true, verbatimSymlinks: true });
    const info: ReleaseInfo = { id, commit: record.commit, at: record.at, by: '' };
    await writeFile(path.join(partial, releaseInfoFile), `${JSON.stringify(info, null, 2)}\n`);
    await syncTree(partial);
    await rename(partial, releaseDir(releasesDir, id));
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
  await syncFolder(releasesDir);
  await writeCurrent(releasesDir, id);
  return id;
}
