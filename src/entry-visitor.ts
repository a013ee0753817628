// The one script of visitors' pages. A prerendered page is complete HTML: this installs the page's
// behaviours that need no React (src/enhance/) and hydrates the page's islands, if it has any
// (src/islands/); React is downloaded only by a page with an island. Links are plain links: each
// page is a document of its own, made instant by the speculation rules in its <head>.
// Under `npm run dev` and in the studio's preview nothing is prerendered: the whole page is rendered
// by React in the browser (main.tsx), a branch the visitors' build drops.
import './styles.ts';
import { enhancePage } from './enhance/index.ts';
import { startIslands } from './islands/start.ts';
import { installImageFallback } from './components/image-fallback.ts';

/** Marks the page interactive (enhanced, its islands armed), for tests and for anyone measuring the site. */
const ready = () => {
  document.documentElement.dataset.app = 'ready';
};

enhancePage(document);
if (import.meta.env.DEV || import.meta.env.STUDIO_PREVIEW) void import('./main.tsx');
else {
  // In React's page (dev) SmartImage shows its fallback itself.
  installImageFallback(document);
  startIslands(document);
  ready();
}
