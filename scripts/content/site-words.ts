// Fills in the words of the site's own parts that site.yaml leaves out, from the defaults the
// schema gives them, so the schema stays their one source: the model, the pages and the
// translations (which count them as texts to translate) all see every word.
import type { Settings } from '../../shared/generated/content.ts';
import type { SiteSettings, SiteWords } from '../../shared/site-words.ts';
import { composedSchemas, type JsonSchema } from './schemas.ts';

/** Each word's default, by its name, in the schema's order. */
export function defaultSiteWords(): SiteWords {
  const settings = composedSchemas().get('settings.schema.json');
  const group = (settings?.properties as Record<string, JsonSchema> | undefined)?.siteWords;
  const fields = (group?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, field]) =>
      typeof field.default === 'string' ? [[name, field.default]] : [],
    ),
  ) as SiteWords;
}

/** Settings (valid against the schema) with every word of the site's own parts: the site's own, else the default. */
export function withSiteWords<T extends Record<string, unknown> | Settings>(
  data: T,
): T & Pick<SiteSettings, 'siteWords'> {
  const given = (data as { siteWords?: Partial<SiteWords> }).siteWords;
  return { ...data, siteWords: { ...defaultSiteWords(), ...given } };
}
