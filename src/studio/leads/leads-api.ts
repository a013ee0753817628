// The leads inbox's calls (scripts/studio/lead-routes.ts, on the server only, for editors the site
// owner gave the leads).
import type { InboxList, InboxQuery, LeadChange, LeadDetail, PageSources } from '../../../shared/leads-inbox.ts';
import { call, download } from '../api.ts';

const queryString = (query: InboxQuery) => {
  const params = new URLSearchParams(
    Object.entries(query).filter((pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== ''),
  );
  return params.size ? `?${params}` : '';
};

const leadPath = (id: string) => `leads/${encodeURIComponent(id)}`;

export const leadsApi = {
  list: (query: InboxQuery) => call<InboxList>(`leads${queryString(query)}`),
  open: (id: string) => call<LeadDetail>(leadPath(id)),
  change: (id: string, change: LeadChange) => call<LeadDetail>(leadPath(id), { body: change }),
  retry: (id: string) => call<LeadDetail>(`${leadPath(id)}/retry`, { body: {} }),
  erase: (email: string) => call<{ erased: number }>('leads/erase', { body: { email } }),
  sources: (days: number) => call<PageSources[]>(`leads/sources?days=${days}`),
  /** Saves the filtered list as a CSV file in the person's downloads. */
  exportCsv: async (query: InboxQuery) => {
    const blob = await download(`leads/export${queryString(query)}`);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `leads-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  },
};
