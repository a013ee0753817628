// How a search engine shows a page in its results: its title (as the browser tab shows it, with
// the site's name) and its description, each cut where the result's room ends. Google publishes
// no limit in characters: it cuts by width (a title's line is about 600 pixels on a computer), which
// comes to about 60 characters for a title and 155–160 for a description (see docs/studio.md).
// The studio counts characters against those numbers, so an editor sees where the cut falls.

/** About as many characters of a title as a search result shows. */
export const titleRoom = 60;
/** About as many characters of a description as a search result shows. */
export const descriptionRoom = 160;

/** `text` as a result shows it: whole when it fits, else cut after the last whole word that fits, with "…". */
export function shownInResults(text: string, room: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= room) return clean;
  const cut = clean.slice(0, room);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > room / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–—-]+$/, '')} …`;
}

/** The length of `text` against the room, in words for an editor. */
export function lengthNote(text: string, room: number): { words: string; over: boolean } {
  const length = text.replace(/\s+/g, ' ').trim().length;
  const over = length > room;
  return {
    words: over
      ? `${length} characters: search results show about ${room}, so the end is cut`
      : `${length} of about ${room} characters search results show`,
    over,
  };
}
