// A lead's language without a server or a browser: what the page sends (its <html lang>, nothing
// when it names none), how a language is named for the team (the site's own when the lead names
// none, the code itself when the site no longer declares it), which words the reply to the sender
// takes, and a spool file's language is a language code or the file is damaged.
import { expect, it } from 'vitest';
import { formInLanguageOf, pageInLanguageOf, type ReplyLanguages } from '../../server/leads/auto-reply.ts';
import type { Lead } from '../../server/leads/spool.ts';
import { DamagedLeadError, parseSpoolEntry } from '../../server/leads/spool-entry.ts';
import type { FormDefinition } from '../../shared/generated/content.ts';
import {
  declaredLanguages,
  LANGUAGE_FIELD,
  languageName,
  SOURCE_FIELD,
  SUBMITTED_AT_FIELD,
} from '../../shared/lead-protocol.ts';
import { leadBody } from '../../src/forms/send-lead.ts';

const languages = [
  { code: 'en', name: 'English', direction: 'ltr' as const },
  { code: 'de', name: 'Deutsch' },
  { code: 'ur', name: 'اردو', direction: 'rtl' as const },
];

function page(lang: string): Window {
  return {
    document: { documentElement: { lang } },
    location: { pathname: '/contact' },
    sessionStorage: { getItem: () => null },
  } as unknown as Window;
}

it("sends the page's language beside the fields, and nothing when the page names none", () => {
  const now = new Date('2026-12-01T10:00:00Z');
  expect(leadBody({ name: 'Asha' }, page('de'), now)).toMatchObject({
    name: 'Asha',
    [SUBMITTED_AT_FIELD]: now.toISOString(),
    [SOURCE_FIELD]: { page: '/contact' },
    [LANGUAGE_FIELD]: 'de',
  });
  expect(leadBody({ name: 'Asha' }, page(''), now)).not.toHaveProperty(LANGUAGE_FIELD);
  expect(leadBody({ name: 'Asha' }, page('  '), now)).not.toHaveProperty(LANGUAGE_FIELD);
});

it("names a lead's language as the site does; none is the site's own, English when it declares none", () => {
  expect(languageName('de', languages)).toBe('Deutsch');
  expect(languageName(undefined, languages)).toBe('English');
  expect(languageName('fr', languages)).toBe('fr');
  expect(languageName(undefined, [{ code: 'de', name: 'Deutsch' }])).toBe('Deutsch');
  expect(languageName(undefined, undefined)).toBe('English');
  expect(declaredLanguages(undefined)).toEqual([{ code: 'en', name: 'English' }]);
  expect(declaredLanguages(languages).map((language) => language.code)).toEqual(['en', 'de', 'ur']);
});

const form = {
  id: 'paper',
  title: 'White paper',
  endpoint: '/email/api/whitePaper',
  fields: [],
  autoReply: { subject: 'Your paper', text: 'Thank you.', link: '/paper' },
} as unknown as FormDefinition;
const reply: ReplyLanguages = {
  translations: [
    { language: 'de', forms: [{ ...form, autoReply: { subject: 'Ihr Papier', text: 'Danke.', link: '/paper' } }] },
    { language: 'ur', forms: [] },
  ],
  routes: ['/', '/paper', '/de/paper', '/de'],
};
const lead = (language?: string): Lead => ({
  id: 'x',
  form: 'paper',
  receivedAt: '2026-12-01T10:00:00Z',
  fields: {},
  ...(language && { language }),
});

it("writes the reply in the lead's language where the site has the form's translation", () => {
  expect(formInLanguageOf(lead('de'), form, reply).autoReply?.subject).toBe('Ihr Papier');
  expect(formInLanguageOf(lead('ur'), form, reply)).toBe(form);
  expect(formInLanguageOf(lead('en'), form, reply)).toBe(form);
  expect(formInLanguageOf(lead(), form, reply)).toBe(form);
});

it("links a page in the lead's language only where the build has it there", () => {
  expect(pageInLanguageOf(lead('de'), '/paper', reply)).toBe('/de/paper');
  expect(pageInLanguageOf(lead('de'), '/', reply)).toBe('/de');
  expect(pageInLanguageOf(lead('ur'), '/paper', reply)).toBe('/paper');
  expect(pageInLanguageOf(lead('en'), '/paper', reply)).toBe('/paper');
  expect(pageInLanguageOf(lead(), '/paper', reply)).toBe('/paper');
});

it('reads a spool file whose language is a language code, and names any other damaged', () => {
  const id = '20261201T100000000Z-0123456789';
  const file = (language: unknown) =>
    JSON.stringify({ lead: { ...lead(), id, language }, attempts: 0, nextAttemptAt: 0 });
  expect(parseSpoolEntry(`${id}.json`, file('pt-BR')).lead.language).toBe('pt-BR');
  for (const language of ['de\r\nBcc: x', '../de', 42])
    expect(() => parseSpoolEntry(`${id}.json`, file(language))).toThrow(DamagedLeadError);
});
