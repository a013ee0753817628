// Dev only, in the studio's preview: something the page shows follows the edit being previewed.
// `load` runs now and whenever the dev server announces new route data; only the newest answer
// reaches `apply`, as edits can follow each other faster than a fetch returns. Asking once at the
// start matters: an edit announced before anyone listened would otherwise be missed until the next.
// In the studio's preview a save (new data for the whole site) is followed the same way, in place:
// a reload would show a blank frame until the page had loaded and rendered again.
import { routeDataEvent, siteChangedEvent } from '../../shared/route-data.ts';
import { editMode } from '../components/edit-mode.ts';

type Hot = NonNullable<ImportMeta['hot']>;

/** How many parts of this page follow the site's new data in place (the studio's preview only). */
let followers = 0;

/** Whether this page shows the site's new data by itself, or must reload for it (error-screen.ts). */
export const followsSiteInPlace = () => followers > 0;

/** Subscribes; returns the unsubscribe, after which no answer is applied. */
export function followPreview<T>(hot: Hot, load: () => Promise<T>, apply: (value: T) => void): () => void {
  let latest = 0;
  const refresh = () => {
    const ticket = ++latest;
    load().then(
      (value) => ticket === latest && apply(value),
      () => undefined,
    );
  };
  hot.on(routeDataEvent, refresh);
  if (editMode) {
    followers++;
    hot.on(siteChangedEvent, refresh);
  }
  refresh();
  return () => {
    latest = -1;
    hot.off(routeDataEvent, refresh);
    if (editMode) {
      followers--;
      hot.off(siteChangedEvent, refresh);
    }
  };
}
