// Which build the server answers with, and the switch to another. Each request takes `current` once
// and uses that build to the end (its page, its files, its not-found page), so a switch never fails
// a request in flight: the new build is opened and checked beside the old one, then one reference
// is swapped. The releases folder is watched (fs.watch) and also looked at every `checkEveryMs`,
// since a watch can miss events (network disks, some containers): instances of one host serving the
// same folder switch within that time of each other. The previous kept releases stay open so an
// old page still open in a browser keeps loading its hashed assets after a switch.
import { mkdir } from 'node:fs/promises';
import { watch, type FSWatcher } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { notFoundFile, openBuild, pageFile, type Build } from '../plugins/build-files.ts';
import { readManifest } from '../plugins/site.ts';
import { readCurrent, releaseDir, releaseIds } from './store.ts';

export interface LiveBuild {
  /** The release's id, or undefined for the build in DIST_DIR (no release published yet). */
  id: string | undefined;
  dir: string;
  build: Build;
  manifest: SiteManifest;
  routes: ReadonlySet<string>;
  redirects: ReadonlyMap<string, string>;
}

/** Opens a build and checks it is whole: every route has its HTML, and there is a not-found page. */
export async function openLiveBuild(dir: string, id: string | undefined): Promise<LiveBuild> {
  const manifest = await readManifest(dir);
  const build = await openBuild(dir);
  for (const { code } of [{ code: '' }, ...(manifest.site.languages ?? []).slice(1)]) {
    const { file } = notFoundFile(code ? `/${code}` : '/', manifest.site.languages);
    if (!build.files.has(file)) throw new Error(`${dir} has no ${file}: rebuild with \`npm run build\`.`);
  }
  for (const route of manifest.routes) {
    if (!build.files.has(pageFile(route).file))
      throw new Error(`The build in ${dir} lists ${route} but has no HTML for it: rebuild with \`npm run build\`.`);
  }
  return {
    id,
    dir,
    build,
    manifest,
    routes: new Set(manifest.routes),
    redirects: new Map(manifest.redirects.map(({ from, to }) => [from, to])),
  };
}

export interface LiveSiteOptions {
  /** The build served while no release has been published. */
  distDir: string;
  releasesDir: string;
  /** How often `current` is read besides the watch. Default: 1 s. */
  checkEveryMs?: number;
  /** Also watch the folder (default). Off, only the periodic check switches: a file system whose watch is silent. */
  watch?: boolean;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

export class LiveSite {
  #current: LiveBuild;
  /** The other kept releases, newest first, opened once each. */
  #previous: Build[] = [];
  #opened = new Map<string, Build>();
  #options: LiveSiteOptions;
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;
  #again = false;
  #listeners = new Set<(live: LiveBuild) => void>();

  private constructor(options: LiveSiteOptions, current: LiveBuild) {
    this.#options = options;
    this.#current = current;
  }

  /** Opens the live release (or DIST_DIR when there is none) and starts watching for a switch. */
  static async open(options: LiveSiteOptions): Promise<LiveSite> {
    await mkdir(options.releasesDir, { recursive: true });
    const id = await readCurrent(options.releasesDir);
    const current = await openLiveBuild(id ? releaseDir(options.releasesDir, id) : options.distDir, id).catch(
      (error: Error) => {
        if (!id) throw error;
        throw new Error(
          `${options.releasesDir}/current names release ${id}, which cannot be served: ${error.message} Make a kept release live with \`npm run releases -- rollback ID\` (\`npm run releases -- list\` shows them).`,
        );
      },
    );
    const site = new LiveSite(options, current);
    site.#previous = await site.#keptBesides(current);
    site.#watch();
    return site;
  }

  /** The build a request starting now is answered from. */
  get current(): LiveBuild {
    return this.#current;
  }

  /** The previous kept releases, newest first: where an old page's hashed files are still found. */
  get previous(): readonly Build[] {
    return this.#previous;
  }

  /** Called after each switch, with the new live build. */
  onSwitch(listener: (live: LiveBuild) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Reads `current` now and switches if it names another release; resolves when done. */
  check(): Promise<void> {
    if (this.#checking) {
      this.#again = true;
      return this.#checking;
    }
    this.#checking = (async () => {
      do {
        this.#again = false;
        await this.#checkOnce().catch((error: Error) =>
          this.#options.log?.error(`Releases: could not switch, still serving the live build: ${error.message}`),
        );
      } while (this.#again);
      this.#checking = undefined;
    })();
    return this.#checking;
  }

  close(): void {
    this.#watcher?.close();
    clearInterval(this.#timer);
  }

  async #checkOnce(): Promise<void> {
    const { releasesDir, distDir } = this.#options;
    const id = await readCurrent(releasesDir);
    let next = this.#current;
    if (id !== next.id) {
      // A release folder that cannot be opened leaves the live one answering (the error is logged).
      next = await openLiveBuild(id ? releaseDir(releasesDir, id) : distDir, id);
    }
    // The new build and its fallbacks are swapped together: an old page's asset asked for in the
    // same instant finds the release it came from among the previous ones.
    const previous = await this.#keptBesides(next);
    const switched = next !== this.#current;
    this.#current = next;
    this.#previous = previous;
    if (!switched) return;
    this.#options.log?.info(`Releases: now serving ${id ? `release ${id}` : distDir}`);
    for (const listener of this.#listeners) listener(next);
  }

  /** The kept releases other than `live`, newest first, each opened once and kept open. */
  async #keptBesides(live: LiveBuild): Promise<Build[]> {
    const { releasesDir } = this.#options;
    const ids = await releaseIds(releasesDir);
    if (live.id) this.#opened.set(live.id, live.build);
    const previous: Build[] = [];
    for (const id of ids) {
      if (id === live.id) continue;
      let build = this.#opened.get(id);
      if (!build) {
        build = await openBuild(releaseDir(releasesDir, id)).catch(() => undefined);
        if (!build) continue;
        this.#opened.set(id, build);
      }
      previous.push(build);
    }
    for (const id of this.#opened.keys()) if (!ids.includes(id)) this.#opened.delete(id);
    return previous;
  }

  #watch(): void {
    const { releasesDir, checkEveryMs = 1000, watch: watching = true } = this.#options;
    try {
      if (watching) {
        const watcher = watch(releasesDir, { persistent: false }, () => void this.check());
        watcher.on('error', () => watcher.close());
        this.#watcher = watcher;
      }
    } catch {
      // No watch on this file system: the periodic check alone switches.
    }
    this.#timer = setInterval(() => void this.check(), checkEveryMs);
    this.#timer.unref();
  }
}
