import { defineConfig } from 'vite';
import { siteViteConfig } from './scripts/site-build/vite-config.ts';

// SITE_ROOT points the content at another folder holding a site/ (the dev-server tests use a copy).
export default defineConfig(({ command }) =>
  siteViteConfig({ contentRoot: process.env.SITE_ROOT ?? import.meta.dirname, includeDrafts: command === 'serve' }),
);
