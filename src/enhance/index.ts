// The page's behaviours that need the browser but not React: the header's menu, tooltips, action
// buttons, hiding by query, the not-found log, prefetch on intent and the visit's source. Each is
// installed once per document by event delegation on `document`, so it works on prerendered HTML
// that never hydrates and on DOM that React renders (npm run dev, the studio's preview) alike. What
// a behaviour needs to know (delays, labels) is written into the markup as data attributes by the
// components.
import { installActions } from './actions.ts';
import { installMenu } from './menu.ts';
import { reportNotFoundPage } from './not-found.ts';
import { installOverflowFallback } from './overflow.ts';
import { installPrefetch } from './prefetch.ts';
import { hideByQuery } from './query-flag.ts';
import { installTooltips } from './tooltips.ts';
import { rememberVisitSource } from './visit-source.ts';

const enhanced = new WeakSet<Document>();

export function enhancePage(doc: Document): void {
  if (enhanced.has(doc)) return;
  enhanced.add(doc);
  // First, so what the address hides is gone as early as this script runs.
  hideByQuery(doc);
  installMenu(doc);
  installOverflowFallback(doc);
  installTooltips(doc);
  installActions(doc);
  installPrefetch(doc);
  reportNotFoundPage(doc);
  if (doc.defaultView) rememberVisitSource(doc.defaultView);
}
