// _site.json: what the build tells the server about the site (routes, redirects, form
// definitions, the site's name, address and languages). Written by scripts/site-build/site-files.ts, read by server/.
import type { FormDefinition, Language } from './generated/content.ts';

export interface SiteManifest {
  routes: string[];
  redirects: { from: string; to: string }[];
  forms: FormDefinition[];
  site: {
    name: string;
    url: string;
    email: string;
    blockedSenders?: string[];
    /** The languages site.yaml declares, the site's own first; absent when it declares none. */
    languages?: Language[];
  };
  /** Each other language's forms with their texts in it (the reply to the sender, translated);
   * absent in a build from before the site had languages. */
  translations?: { language: string; forms: FormDefinition[] }[];
}
