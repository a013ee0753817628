// The one Vite configuration, for the dev server (vite.config.ts) and the build (build.ts), with
// the content root as a parameter: the build can render any folder that holds a site/ (the real
// one, the engine tests' fixture site, an edited copy) with the project's own src/.
import type { UserConfig } from 'vite';
import { securityHeaders } from '../../server/security-headers.ts';
import { sitePlugin } from './vite-plugin-site.ts';
import { cssTimeUnits } from './css-units.ts';
import { devGuard } from '../preview/dev-guard.ts';

/**
 * The page frame every prerendered page is rendered with (layout, page types, section frame): a
 * second entry of the browser build that visitors never load as script. It makes Vite emit the CSS
 * of everything the server renders, which the prerenderer inlines into each page (preload-links.ts).
 */
export const appEntry = 'src/App.tsx';

export interface SiteViteOptions {
  /** The folder that holds site/. */
  contentRoot: string;
  /** Drafts are visible in `npm run dev` and never in a production build. */
  includeDrafts: boolean;
  /** DATA_DIR (leads and mail), never served by the preview; default: the server's, from the environment. */
  dataDir?: string;
}

export function siteViteConfig({
  contentRoot,
  includeDrafts,
  dataDir = process.env.DATA_DIR || 'var',
}: SiteViteOptions): UserConfig {
  return {
    // The guard first: it answers for the preview before any other plugin or Vite itself (dev-guard.ts).
    plugins: [devGuard({ dataDir }), sitePlugin({ root: contentRoot, includeDrafts }), cssTimeUnits()],
    // Not the studio's prebuilt preview (scripts/studio/studio-bundle.ts sets it): its edit-mode code goes.
    define: { 'import.meta.env.STUDIO_PREVIEW': 'false' },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      assetsDir: 'assets',
      target: 'es2022',
      cssCodeSplit: true,
      rolldownOptions: {
        // The visitors' entry (index.html) and the page frame's CSS (appEntry). The prerender build
        // names its own entry (build.ssr), which Vite takes over this one.
        input: { index: 'index.html', app: appEntry },
        // Keeps the page frame's exports, so the tree below it (header, footer, pages) and its CSS are
        // built: Vite would drop an entry's unused exports, and with them the CSS the frame needs.
        preserveEntrySignatures: 'exports-only',
        // Mantine marks its modules "use client" for React Server Components; irrelevant here.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
    // The preview sends the production security headers (on every response: dev-guard.ts), so a
    // policy violation shows while editing; and no CORS: Vite's default lets any page on localhost read what it serves (sources, drafts).
    server: {
      port: Number(process.env.PORT ?? 5173),
      host: process.env.HOST ?? 'localhost',
      cors: false,
      headers: { ...securityHeaders },
    },
  };
}
