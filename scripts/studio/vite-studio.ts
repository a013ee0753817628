// What the studio adds to the preview's Vite server: the headers that let the studio page frame
// its preview, the studio's modules bundled at start, and the link between Vite's watcher and
// websocket and the studio's state (a changed file is heard by the open studio pages; a window's
// new preview is told to the open previews, which each read their own window's data again).
import path from 'node:path';
import type { Plugin } from 'vite';
import { securityHeaders } from '../../server/security-headers.ts';
import { routeDataEvent } from '../../shared/route-data.ts';
import type { StudioState } from './studio-state.ts';

/** The site's headers, but the preview's pages may be framed by the studio page: same origin only. */
export const previewSecurityHeaders = {
  ...securityHeaders,
  'Content-Security-Policy': securityHeaders['Content-Security-Policy'].replace(
    "frame-ancestors 'none'",
    "frame-ancestors 'self'",
  ),
};

export function studioVitePlugin(state: StudioState): Plugin {
  const siteDir = path.join(state.root, 'site');
  return {
    name: 'studio',
    enforce: 'pre',
    apply: 'serve',
    config() {
      return {
        // (No CORS either, as for every preview: scripts/site-build/vite-config.ts.)
        server: { headers: previewSecurityHeaders },
        // The studio's dependencies are bundled at start, not discovered (and reloaded for) later.
        optimizeDeps: { entries: ['index.html', 'src/studio/main.tsx'] },
      };
    },
    configureServer(server) {
      state.notifyPreviews = () => server.ws.send({ type: 'custom', event: routeDataEvent });
      server.watcher.on('all', (_event, changed) => {
        if (changed.startsWith(siteDir + path.sep))
          state.fileChanged(path.relative(siteDir, changed).split(path.sep).join('/'));
      });
    },
  };
}
