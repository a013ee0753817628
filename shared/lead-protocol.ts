// What the browser and the lead endpoints agree on beyond the form's own fields. Shared by
// src/forms (client) and server/leads (validation), so the two cannot drift.

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
