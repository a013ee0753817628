// Sends a lead to its form's endpoint, stamped with the time the visitor pressed Send and the time
// the form's script loaded (the server counts a form filled in faster than a person can as spam).
import { LOADED_AT_FIELD, SUBMITTED_AT_FIELD, type LeadPayload } from '../../shared/lead-protocol.ts';

const loadedAt = new Date().toISOString();

export async function sendLead(endpoint: string, values: LeadPayload): Promise<boolean> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...values, [LOADED_AT_FIELD]: loadedAt, [SUBMITTED_AT_FIELD]: new Date().toISOString() }),
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}
