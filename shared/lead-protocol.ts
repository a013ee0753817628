// What the browser and the lead endpoints agree on beyond the form's own fields. Shared by
// src/forms (client) and server/leads (validation), so the two cannot drift.

/** A field no person sees or fills; a bot that fills it is told "thank you" and nothing is sent. */
export const HONEYPOT_FIELD = 'website';

/** Added by the browser at submit time, as an ISO timestamp. */
export const SUBMITTED_AT_FIELD = 'submittedAt';

export type LeadPayload = Record<string, string>;
