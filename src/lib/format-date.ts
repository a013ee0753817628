/** "2024-01-15" → "January 15, 2024" in English, "15. Januar 2024" in German: the page's language's long form, the same on the server and in every browser. */
export function formatDate(isoDate: string, language: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString(language, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}
