// Sends a lead to its form's endpoint, stamped with the time the visitor pressed Send and with
// where the visit came from (src/enhance/visit-source.ts).
import { SOURCE_FIELD, SUBMITTED_AT_FIELD, type LeadPayload } from '../../shared/lead-protocol.ts';
import { visitSource } from '../enhance/visit-source.ts';

export async function sendLead(endpoint: string, values: LeadPayload): Promise<boolean> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...values,
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
