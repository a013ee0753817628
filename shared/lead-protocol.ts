// What the browser and the lead endpoints agree on beyond the form's own fields. Shared by
// src/forms (client) and server/leads (validation), so the two cannot drift.
import { siteLanguage } from './languages.ts';

/** A field no person sees or fills; a bot that fills it is told "thank you" and nothing is sent. */
export const HONEYPOT_FIELD = 'website';

/** Added by the browser at submit time, as an ISO timestamp. */
export const SUBMITTED_AT_FIELD = 'submittedAt';

/** Added by the browser: when the page with the form began loading, as an ISO timestamp. With
 * SUBMITTED_AT_FIELD (the same clock) it tells how long the visitor took to fill the form in. */
export const LOADED_AT_FIELD = 'loadedAt';

/** A form sent sooner than this after it loaded was not filled in by a person. */
export const MIN_SECONDS_TO_FILL = 3;

export type LeadPayload = Record<string, string>;

/**
 * Where the lead came from, sent beside the form's fields under this name. A form field's name
 * is letters and digits only (schema/form.schema.json), so this one can never clash with a field.
 */
export const SOURCE_FIELD = '_source';

/** The campaign parameters of a landing address that a lead keeps (Google's five `utm_*`). */
export const UTM_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmParameter = (typeof UTM_PARAMETERS)[number];

/**
 * Where a lead came from, as the browser knew it: the page the form was sent from, the visit's
 * first page (`landing`) with its campaign parameters, and the host of the site that linked to it.
 */
export type LeadSource = { page?: string; landing?: string; referrer?: string } & Partial<Record<UtmParameter, string>>;

/**
 * The language of the page the form was sent from (its `<html lang>`), sent beside the form's
 * fields under this name; like SOURCE_FIELD it cannot clash with a field's name. A lead without it
 * (a page from before the site had languages) is in the site's own language.
 */
export const LANGUAGE_FIELD = '_language';

/** A language the site declares (site.yaml's `languages`): its code and its name in itself. */
export interface LeadLanguage {
  code: string;
  name: string;
}

/** The languages a site declares, its own first; when it declares none, the one its pages name (languages.ts). */
export function declaredLanguages(languages: readonly LeadLanguage[] | undefined): LeadLanguage[] {
  return (languages?.length ? languages : [siteLanguage({})]).map(({ code, name }) => ({ code, name }));
}

/** A lead's language by its name ("Deutsch"): a lead that names none is in the site's own
 * language; a code the site no longer declares is shown as it is. */
export function languageName(code: string | undefined, languages: readonly LeadLanguage[] | undefined): string {
  const declared = declaredLanguages(languages);
  if (code === undefined) return declared[0].name;
  return declared.find((language) => language.code === code)?.name ?? code;
}
