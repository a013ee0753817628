// What the studio's requests share while it runs: the site as saved (compiled once per change, for
// the pickers and the problems other files already have), who listens for changed files, and each
// window's preview of its unsaved edit. A preview belongs to one window of one editor and is shown
// only to requests of that window: what the others see is the saved site.
import { loadSite, type LoadResult } from '../content/load-site.ts';
import { routeDataUrl, type RouteData, type SiteShell } from '../../shared/route-data.ts';
import { everyLanguage } from '../site-build/language-sites.ts';
import type { SiteModel } from '../content/model.ts';

/** One window's unsaved edit, as the preview shows it in every language: route data by data URL, and the site shells. */
export interface WindowPreview {
  routes: Map<string, RouteData>;
  /** The site's shell in each of its languages, by the address the preview reads it from. */
  shells: Map<string, SiteShell>;
}

export class StudioState {
  readonly root: string;
  private saved: Promise<LoadResult> | undefined;
  /** The saved site's preview, of the load it was made from; and the last one that compiled. */
  private savedView?: { of: Promise<LoadResult>; preview: Promise<WindowPreview | undefined> };
  private lastGood?: WindowPreview;
  private readonly previews = new Map<string, WindowPreview>();
  private readonly fileListeners = new Set<(file: string) => void>();

  constructor(root: string) {
    this.root = root;
  }

  /** The site as saved, compiled once per change; a compile that failed is tried again next time. */
  savedSite(): Promise<LoadResult> {
    if (this.saved) return this.saved;
    const loading = loadSite({ root: this.root, includeDrafts: true });
    loading.catch(() => {
      if (this.saved === loading) this.saved = undefined;
    });
    return (this.saved = loading);
  }

  /**
   * What a preview with no edit of its window shows: the saved site's route data and shell. While
   * the files have problems, the last version that compiled (the studio lists the problems).
   */
  savedPreview(): Promise<WindowPreview | undefined> {
    const loading = this.savedSite();
    if (this.savedView?.of !== loading)
      this.savedView = {
        of: loading,
        preview: loading.then(({ model }) => (model ? (this.lastGood = this.previewOf(model)) : this.lastGood)),
      };
    return this.savedView.preview;
  }

  private previewOf(model: SiteModel): WindowPreview {
    // Covers by their address, never inlined: inlining saves visitors a request at the first paint,
    // and an SVG inlined is an SVG sanitised, whose DOM (jsdom, over 100 MB) the studio would then
    // hold for as long as it runs. The preview serves the file itself, under the SVG sandbox.
    const { routes, shells } = everyLanguage(model, () => undefined);
    return { routes: new Map(routes.map((route) => [routeDataUrl(route.path), route])), shells };
  }

  /** The studio wrote to site/: the saved site is read anew at the next request. */
  forgetSaved(): void {
    this.saved = undefined;
  }

  /** A file under site/ changed (a save here, a git pull, another editor): the open pages hear of it. */
  fileChanged(file: string): void {
    this.forgetSaved();
    for (const listener of this.fileListeners) listener(file);
  }

  /** Several files changed at once (a move, a restore): read anew, and every preview ends. */
  siteRewritten(): void {
    this.saved = undefined;
    this.previews.clear();
  }

  onFileChange(listener: (file: string) => void): () => void {
    this.fileListeners.add(listener);
    return () => this.fileListeners.delete(listener);
  }

  /** The window's preview becomes `model`, a valid edit (endPreview ends it). */
  setPreview(window: string, model: SiteModel): void {
    this.previews.set(window, this.previewOf(model));
  }

  /** Whether `window` has a preview now (a refused edit keeps the last valid one). */
  previewing(window: string): boolean {
    return this.previews.has(window);
  }

  endPreview(window: string): void {
    this.previews.delete(window);
  }

  preview(window: string | undefined): WindowPreview | undefined {
    return window === undefined ? undefined : this.previews.get(window);
  }
}
