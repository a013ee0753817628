// Every page's <html> element carries the site's first language and its direction.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { withSiteLanguage } from '../../scripts/site-build/html-language.ts';

const template = readFileSync(path.join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
const htmlElement = (html: string) => /<html[^>]*>/.exec(html)?.[0];

it("names the site's first language and its direction on the template's <html>, once", () => {
  const german = withSiteLanguage(template, { languages: [{ code: 'de', name: 'Deutsch' }] });
  expect(htmlElement(german)).toMatch(/^<html lang="de" dir="ltr"[ >]/);
  const urdu = withSiteLanguage(german, { languages: [{ code: 'ur', name: 'اردو', direction: 'rtl' }] });
  expect(htmlElement(urdu)).toMatch(/^<html lang="ur" dir="rtl"[ >]/);
  expect(htmlElement(urdu)!.match(/ dir=/g)).toHaveLength(1);
});

it('is English, left to right, for a site that lists no languages', () => {
  expect(htmlElement(withSiteLanguage(template, {}))).toMatch(/^<html lang="en" dir="ltr"[ >]/);
});

it('refuses a template it cannot give the language to, rather than leave it unsaid', () => {
  expect(() => withSiteLanguage('<!doctype html><html><body></body></html>', {})).toThrow(/no <html lang/);
});
