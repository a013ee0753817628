// The site's name, address and time zone as the checkout's site.yaml says them (its default from
// the schema when it says none): scheduled releases are shown and asked in that zone, and their
// mail names the site.
import { loadContract } from '../content/schemas.ts';
import { loadSite } from '../content/load-site.ts';

export interface SiteClock {
  name: string;
  url: string;
  timeZone: string;
}

/** The schema's default time zone: the zone of a site.yaml that names none. */
export function defaultTimeZone(): string {
  const contract = loadContract();
  if (Array.isArray(contract)) throw new Error('The schema has mistakes: run `npm run validate`.');
  const settings = contract.schemas.get('settings.schema.json') as {
    properties: { timeZone: { default: string } };
  };
  return settings.properties.timeZone.default;
}

export async function siteClock(root: string): Promise<SiteClock> {
  const { model } = await loadSite({ root, includeDrafts: true });
  const settings = model?.settings;
  return {
    name: settings?.name ?? 'the site',
    url: settings?.url ?? 'https://localhost',
    timeZone: settings?.timeZone ?? defaultTimeZone(),
  };
}
