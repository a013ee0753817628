// Every page's <html> element names its language and that language's writing direction (English
// left to right when site.yaml lists no languages). Screen readers pronounce the page by it, and a
// right-to-left language is laid out mirrored.
import type { Language } from '../../shared/generated/content.ts';
import { escapeHtml } from './escape.ts';

/** The start of the template's <html> element, with the direction once it has been given one. */
const htmlStart = /<html lang="[^"]*"(?: dir="[^"]*")?/;

export function withSiteLanguage(
  html: string,
  { code, direction = 'ltr' }: Pick<Language, 'code' | 'direction'>,
): string {
  if (!htmlStart.test(html)) throw new Error('The page template has no <html lang="…"> to give the language to.');
  return html.replace(htmlStart, `<html lang="${escapeHtml(code)}" dir="${escapeHtml(direction)}"`);
}
