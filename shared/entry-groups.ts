// How the studio's content list is grouped, in the words of the people who edit the site: pages,
// articles, the menu and footer, contact details, forms, the brand, redirects and the rest. The
// site's settings are one file, but an editor looks for the menu, the contact details or the logo,
// not for "settings": the studio lists each part below as an entry of its own, and each edits only
// its keys of the same file. A settings key no part names (a new one included) is "Advanced".
import type { EntryKind, EntrySummary } from './studio-protocol.ts';

export type SettingsPart = 'menu' | 'footer' | 'contact' | 'brand' | 'advanced';

/** Each part's title and the settings keys it edits (`advanced`: every key no other part names). */
export const settingsParts: Record<SettingsPart, { title: string; keys: string[] }> = {
  menu: { title: 'Menu', keys: ['navigation'] },
  footer: { title: 'Footer', keys: ['footer'] },
  contact: { title: 'Contact details', keys: ['contact'] },
  brand: { title: 'Name, logo and colours', keys: ['name', 'description', 'theme', 'favicon'] },
  advanced: { title: 'Other site settings', keys: [] },
};

const named = new Set(Object.values(settingsParts).flatMap((part) => part.keys));

/** Whether the settings key `key` is edited in `part`. */
export function partHolds(part: SettingsPart, key: string): boolean {
  return part === 'advanced' ? !named.has(key) : settingsParts[part].keys.includes(key);
}

export type EntryGroup =
  'pages' | 'articles' | 'menu' | 'contact' | 'forms' | 'brand' | 'redirects' | 'documents' | 'advanced';

/** The groups in the order the list shows them, with their headings. */
export const entryGroups: [EntryGroup, string][] = [
  ['pages', 'Pages'],
  ['articles', 'Articles'],
  ['menu', 'Menu and footer'],
  ['contact', 'Contact details'],
  ['forms', 'Forms'],
  ['brand', 'Brand'],
  ['redirects', 'Redirects'],
  ['documents', 'Documents'],
  ['advanced', 'Advanced'],
];

const groupOfKind: Record<Exclude<EntryKind, 'settings'>, EntryGroup> = {
  page: 'pages',
  article: 'articles',
  form: 'forms',
  redirects: 'redirects',
  document: 'documents',
};

const groupOfPart: Record<SettingsPart, EntryGroup> = {
  menu: 'menu',
  footer: 'menu',
  contact: 'contact',
  brand: 'brand',
  advanced: 'advanced',
};

/** The group an entry of the list belongs to (settings without a part: the whole file, Advanced). */
export function groupOf(entry: Pick<EntrySummary, 'kind' | 'part'>): EntryGroup {
  if (entry.kind !== 'settings') return groupOfKind[entry.kind];
  return entry.part ? groupOfPart[entry.part] : 'advanced';
}

/** The settings file listed as its parts, each an entry with its own title. */
export function settingsEntries(file: string): EntrySummary[] {
  return (Object.keys(settingsParts) as SettingsPart[]).map((part) => ({
    file,
    kind: 'settings',
    part,
    title: settingsParts[part].title,
  }));
}

/** What an entry of the list is called where the kind matters ("the Menu", "the page Contact"). */
export function kindWord(kind: EntryKind): string {
  return {
    page: 'Page',
    article: 'Article',
    form: 'Form',
    settings: 'Site settings',
    redirects: 'Redirects',
    document: 'Document',
  }[kind];
}
