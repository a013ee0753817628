// In the studio's preview only: something the page shows follows the edit being previewed. `load`
// runs now and whenever the studio page that holds this frame says the route data changed (a
// message it posts to its frame: src/studio/preview-updates.ts); only the newest answer reaches
// `apply`, as edits can follow each other faster than a fetch returns. Asking once at the start
// matters: an edit told before the page listened would otherwise be missed until the next.
// The same code in `npm run studio` (Vite's dev server) and the studio on the server (a prebuilt
// preview): no channel of a dev server is involved.
import { routeDataEvent } from '../../shared/route-data.ts';

/** The studio page's message, from the frame's own parent on the same origin only. */
const isUpdate = (event: MessageEvent) =>
  event.source === window.parent &&
  event.origin === location.origin &&
  (event.data as { type?: unknown } | null)?.type === routeDataEvent;

/** How many parts of this page follow the site's data in place. */
let followers = 0;

/** Whether this page shows the site's new data by itself, or must load again for it (error-screen.ts). */
export const followsSiteInPlace = () => followers > 0;

/** Subscribes; returns the unsubscribe, after which no answer is applied. */
export function followPreview<T>(load: () => Promise<T>, apply: (value: T) => void): () => void {
  let latest = 0;
  const refresh = () => {
    const ticket = ++latest;
    load().then(
      (value) => ticket === latest && apply(value),
      () => undefined,
    );
  };
  const onMessage = (event: MessageEvent) => {
    if (isUpdate(event)) refresh();
  };
  window.addEventListener('message', onMessage);
  followers++;
  refresh();
  return () => {
    latest = -1;
    followers--;
    window.removeEventListener('message', onMessage);
  };
}
