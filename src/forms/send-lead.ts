// Sends a lead to its form's endpoint, stamped with the time the visitor pressed Send, the time
// the page began loading (the server counts a form filled in faster than a person can as spam) and
// where the visit came from (src/enhance/visit-source.ts). The page's start, not this script's: a
// visitor may fill the form in before the script arrives.
import { LOADED_AT_FIELD, SOURCE_FIELD, SUBMITTED_AT_FIELD, type LeadPayload } from '../../shared/lead-protocol.ts';
import { visitSource } from '../enhance/visit-source.ts';

const loadedAt = new Date(performance.timeOrigin).toISOString();

export async function sendLead(endpoint: string, values: LeadPayload): Promise<boolean> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...values,
        [LOADED_AT_FIELD]: loadedAt,
        [SUBMITTED_AT_FIELD]: new Date().toISOString(),
        [SOURCE_FIELD]: visitSource(window),
      }),
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}
