// _site.json: what the build tells the server about the site (routes, redirects, form
// definitions, the site's name and address). Written by scripts/site-build/site-files.ts, read by server/.
import type { FormDefinition } from './generated/content.ts';

export interface SiteManifest {
  routes: string[];
  redirects: { from: string; to: string }[];
  forms: FormDefinition[];
  site: { name: string; url: string; email: string; blockedSenders?: string[] };
}
