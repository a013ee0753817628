// Sends a lead to its form's endpoint, stamped with the time the visitor pressed Send, the time
// the page began loading (the server counts a form filled in faster than a person can as spam),
// where the visit came from (src/enhance/visit-source.ts) and the language the page is in (its
// `<html lang>`, which each language's pages set), so the team knows which language to answer in.
// The page's start, not this script's: a visitor may fill the form in before the script arrives.
import {
  LANGUAGE_FIELD,
  LOADED_AT_FIELD,
  SOURCE_FIELD,
  SUBMITTED_AT_FIELD,
  type LeadPayload,
} from '../../shared/lead-protocol.ts';
import { visitSource } from '../enhance/visit-source.ts';

const loadedAt = new Date(performance.timeOrigin).toISOString();

/** The page's language as its `<html lang>` names it; undefined when it names none. */
export function pageLanguage(win: Window): string | undefined {
  return win.document.documentElement.lang.trim() || undefined;
}

/** What is sent: the form's values, then the protocol's own fields (shared/lead-protocol.ts). */
export function leadBody(values: LeadPayload, win: Window, now = new Date()): Record<string, unknown> {
  const language = pageLanguage(win);
  return {
    ...values,
    [LOADED_AT_FIELD]: loadedAt,
    [SUBMITTED_AT_FIELD]: now.toISOString(),
    [SOURCE_FIELD]: visitSource(win),
    ...(language && { [LANGUAGE_FIELD]: language }),
  };
}

export async function sendLead(endpoint: string, values: LeadPayload): Promise<boolean> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(leadBody(values, window)),
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}
