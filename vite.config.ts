import { defineConfig } from 'vite';
import { sitePlugin } from './scripts/build/vite-plugin-site.ts';
import { securityHeaders } from './server/security-headers.ts';

// Drafts are visible in `npm run dev` and never in a production build.
export default defineConfig(({ command }) => ({
  // SITE_ROOT points the content at another folder holding a site/ (the dev-server tests use a copy).
  plugins: [sitePlugin({ root: process.env.SITE_ROOT ?? import.meta.dirname, includeDrafts: command === 'serve' })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    cssCodeSplit: true,
    rolldownOptions: {
      // Mantine marks its modules "use client" for React Server Components; irrelevant here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  // The preview sends the production security headers, so a policy violation shows while editing.
  server: { port: Number(process.env.PORT ?? 5173), host: process.env.HOST ?? 'localhost', headers: { ...securityHeaders } },
}));
