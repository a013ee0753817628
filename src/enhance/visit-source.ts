// Where a visit came from, kept without a cookie: on the visit's first page, the landing address's
// campaign parameters (utm_*), the linking site's host (never its full address) and the landing
// page go into the tab's own sessionStorage, which ends with the tab and is never sent to a server
// by itself. A form reads it back when it sends a lead (src/forms/send-lead.ts), with the page it
// is sent from. Storage refused (a private mode, a full quota) means a lead without a source.
import { UTM_PARAMETERS, type LeadSource } from '../../shared/lead-protocol.ts';

const KEY = 'visit-source';

export function rememberVisitSource(win: Window): void {
  try {
    if (win.sessionStorage.getItem(KEY) !== null) return;
    const here = new URL(win.location.href);
    const source: LeadSource = { landing: here.pathname };
    for (const name of UTM_PARAMETERS) {
      const value = here.searchParams.get(name);
      if (value) source[name] = value;
    }
    const referrer = win.document.referrer ? new URL(win.document.referrer).hostname : '';
    // A link from another page of this site says nothing about where the visit came from.
    if (referrer && referrer !== here.hostname) source.referrer = referrer;
    win.sessionStorage.setItem(KEY, JSON.stringify(source));
  } catch {
    // No storage: the lead goes without its source.
  }
}

/** The visit's source with the page the visitor is on now. */
export function visitSource(win: Window): LeadSource {
  let stored: LeadSource = {};
  try {
    stored = JSON.parse(win.sessionStorage.getItem(KEY) ?? '{}') as LeadSource;
  } catch {
    // Unreadable or refused: the page alone.
  }
  return { ...stored, page: win.location.pathname };
}
