// A title as the last part of an address: "Why GCCs Tell Stories — 2025" is
// why-gccs-tell-stories-2025 (lowercase letters, digits and single dashes, as slugs and page
// addresses must be). Letters with accents lose them; anything else becomes a dash.
export function slugOf(title: string, maxLength = 60): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // Cut at a word's end where the title is long.
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength + 1);
  return cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : slug.slice(0, maxLength);
}
