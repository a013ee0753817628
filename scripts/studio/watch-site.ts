// Where no Vite watches the files (the studio served from its prebuilt bundle), the studio's state
// hears of each change under site/ from this watcher: a save, a git pull, another editor.
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { StudioState } from './studio-state.ts';

/** A write's hidden temporary file (.name.<pid>-<random>.tmp), never a file of the site. */
const temporaryFile = /(^|\/)\.[^/]*\.tmp$/;

/** Tells `state` of every file under site/ that changes. */
export function watchSite(state: StudioState): FSWatcher {
  const siteDir = path.join(state.root, 'site');
  return watch(siteDir, { recursive: true }, (_event, name) => {
    const file = name?.split(path.sep).join('/');
    if (file && !temporaryFile.test(file)) state.fileChanged(file);
  });
}
