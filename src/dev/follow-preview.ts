// Dev only, in the studio's preview: something the page shows follows the edit being previewed.
// `load` runs now and whenever the dev server announces new route data; only the newest answer
// reaches `apply`, as edits can follow each other faster than a fetch returns. Asking once at the
// start matters: an edit announced before anyone listened would otherwise be missed until the next.
import { routeDataEvent } from '../../shared/route-data.ts';

type Hot = NonNullable<ImportMeta['hot']>;

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
  refresh();
  return () => {
    latest = -1;
    hot.off(routeDataEvent, refresh);
  };
}
