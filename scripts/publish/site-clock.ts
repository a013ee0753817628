// The site's name, address and time zone as the checkout's site.yaml says them (its default from
// the schema when it says none): scheduled releases are shown and asked in that zone, and their
// mail names the site.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compileFile } from '../content/compile-file.ts';
import { loadContract } from '../content/schemas.ts';

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

/**
 * Read from site.yaml alone, through the compiler: what a schedule whose build failed says must
 * not depend on the rest of the site being right. A site.yaml that does not pass gives the defaults.
 */
export async function siteClock(root: string): Promise<SiteClock> {
  const bytes = await readFile(path.join(root, 'site', 'site.yaml')).catch(() => undefined);
  const facts = bytes && compileFile('site.yaml', bytes);
  const settings = facts?.valid ? (facts.entry?.data as { name?: string; url?: string; timeZone?: string }) : {};
  return {
    name: settings.name ?? 'the site',
    url: settings.url ?? 'https://localhost',
    timeZone: settings.timeZone ?? defaultTimeZone(),
  };
}
