// Every page's <html> element names the site's language and its writing direction: the first of
// the languages site.yaml lists, or English left to right when it lists none. Screen readers
// pronounce the page by it, and a right-to-left language is laid out mirrored.
import type { Settings } from '../../shared/generated/content.ts';
import { escapeHtml } from './escape.ts';

/** The start of the template's <html> element, with the direction once it has been given one. */
const htmlStart = /<html lang="[^"]*"(?: dir="[^"]*")?/;

export function withSiteLanguage(html: string, { languages }: Pick<Settings, 'languages'>): string {
  if (!htmlStart.test(html)) throw new Error('The page template has no <html lang="…"> to give the language to.');
  const { code, direction = 'ltr' } = languages?.[0] ?? { code: 'en' };
  return html.replace(htmlStart, `<html lang="${escapeHtml(code)}" dir="${escapeHtml(direction)}"`);
}
