// What the studio adds to the preview's Vite server in `npm run studio`: the headers that let the
// studio page frame its preview, the studio's modules bundled at start, and the link between Vite's
// watcher and the studio's state (a changed file is heard by the open studio pages, which tell
// their own preview frames: src/studio/preview-updates.ts).
import path from 'node:path';
import type { Plugin } from 'vite';
import { previewHeaders } from './preview-files.ts';
import type { StudioState } from './studio-state.ts';

export function studioVitePlugin(state: StudioState): Plugin {
  const siteDir = path.join(state.root, 'site');
  return {
    name: 'studio',
    enforce: 'pre',
    apply: 'serve',
    config() {
      return {
        // Framed by the studio page, same origin only. (No CORS either, as for every preview:
        // scripts/site-build/vite-config.ts.)
        server: { headers: { ...previewHeaders } },
        // The studio's dependencies are bundled at start, not discovered (and reloaded for) later.
        optimizeDeps: { entries: ['index.html', 'src/studio/main.tsx'] },
      };
    },
    configureServer(server) {
      server.watcher.on('all', (_event, changed) => {
        if (changed.startsWith(siteDir + path.sep))
          state.fileChanged(path.relative(siteDir, changed).split(path.sep).join('/'));
      });
    },
  };
}
