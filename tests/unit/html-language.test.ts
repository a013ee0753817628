// Every page's <html> element carries its language and that language's direction.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { withSiteLanguage } from '../../scripts/site-build/html-language.ts';

const template = readFileSync(path.join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
const htmlElement = (html: string) => /<html[^>]*>/.exec(html)?.[0];

it("names the page's language and its direction on the template's <html>, once", () => {
  const german = withSiteLanguage(template, { code: 'de' });
  expect(htmlElement(german)).toMatch(/^<html lang="de" dir="ltr"[ >]/);
  const urdu = withSiteLanguage(german, { code: 'ur', direction: 'rtl' });
  expect(htmlElement(urdu)).toMatch(/^<html lang="ur" dir="rtl"[ >]/);
  expect(htmlElement(urdu)!.match(/ dir=/g)).toHaveLength(1);
});

it('refuses a template it cannot give the language to, rather than leave it unsaid', () => {
  expect(() => withSiteLanguage('<!doctype html><html><body></body></html>', { code: 'en' })).toThrow(/no <html lang/);
});
