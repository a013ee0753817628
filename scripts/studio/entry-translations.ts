// How far each page, form, article and the site settings are translated into each of the site's other languages, from the saved
// site's compile (the same count `npm run validate` prints): what the content list shows beside an
// entry. A site in one language lists its entries as they are.
import type { LoadResult } from '../content/load-site.ts';
import type { EntrySummary } from '../../shared/studio-protocol.ts';

export function withTranslations(entries: EntrySummary[], { model, translations }: LoadResult): EntrySummary[] {
  const languages = model?.settings.languages?.slice(1) ?? [];
  if (!languages.length) return entries;
  const statusOf = new Map(translations.map((status) => [`${status.language} ${status.source}`, status]));
  return entries.map((entry) => {
    // Only what has texts to translate has a status (the redirects, say, have none).
    const counted = languages.flatMap(({ code, name }) => {
      const status = statusOf.get(`${code} ${entry.file}`);
      return status ? [{ language: code, name, missing: status.missing.length, outdated: status.outdated.length }] : [];
    });
    return counted.length ? { ...entry, translations: counted } : entry;
  });
}
