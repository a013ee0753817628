// The merge in words: each place named as the review names it ("Contact › FAQ › Title", through
// review/describe.ts), each value as a short text, who saved the newer version, and the sentence
// that tells the editor what was merged. Pure: the dialog and the notices lay these out.
import type { ChangedFile, DataPath } from '../../../shared/review.ts';
import type { Collision, Merge } from '../../../shared/three-way-merge.ts';
import type { Entry, Json, SavedBy } from '../../../shared/studio-protocol.ts';
import { itemName } from '../fields/item-name.ts';
import { Describer } from '../review/describe.ts';
import type { Contract } from '../schema.ts';

/** Names places in `entry`, through the data they are in (the merged data: collisions' paths run through it). */
export function placeNamer(contract: Contract, entry: Pick<Entry, 'file' | 'kind' | 'title'>, data: Json) {
  const file: ChangedFile = { file: entry.file, status: 'modified', kind: entry.kind, title: entry.title, changes: [] };
  const describer = new Describer(contract, { ...file, after: data });
  return (path: DataPath | 'body'): string =>
    path === 'body' ? `${entry.title} › Text` : describer.where(describer.steps(path, data));
}

/** A value as a short text: a list by its items' names, a group by its name, nothing as "empty". */
export function valueInWords(value: Json | undefined): string {
  if (value === undefined || value === null || value === '') return 'empty';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (!value.length) return 'empty';
    const names = value.map((item, i) => itemName(item) ?? typeOf(item) ?? `item ${i + 1}`);
    return `${value.length} item${value.length === 1 ? '' : 's'}: ${names.join(', ')}`;
  }
  return itemName(value) ?? typeOf(value) ?? 'a group of fields';
}

const typeOf = (value: Json) =>
  value && typeof value === 'object' && !Array.isArray(value) && typeof value.type === 'string'
    ? value.type
    : undefined;

/** When, as a person reads it: the time today, else the date and time. */
export function whenSaved(at: string | undefined, today = new Date()): string | undefined {
  if (!at) return undefined;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return undefined;
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return date.toDateString() === today.toDateString()
    ? time
    : `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}

/** The newer version's origin, as a sentence's subject: "ana@example.com (at 14:02)" or a guess. */
export function newerVersionSaid(savedBy: SavedBy, title: string): string {
  const when = whenSaved(savedBy.at);
  return savedBy.by
    ? `${savedBy.by} saved a newer version of ${title}${when ? ` at ${when}` : ''}`
    : `A newer version of ${title} was saved (in another studio window or a text editor)`;
}

/** Up to `most` names, then how many more. */
function listed(places: string[], most = 4): string {
  const unique = [...new Set(places)];
  const shown = unique.slice(0, most).join(', ');
  return unique.length > most ? `${shown} and ${unique.length - most} more` : shown;
}

/**
 * What the merge did, for the notice after it: whose edits were taken in where, and what the
 * editor chose at each collision.
 */
export function mergedInWords(
  merge: Merge,
  name: (path: DataPath | 'body') => string,
  theirs: string,
  chosen: { collision: Collision; side: 'mine' | 'theirs' }[] = [],
): string {
  const parts: string[] = [];
  const theirPlaces = merge.taken.theirs.map(name);
  const myPlaces = merge.taken.mine.map(name);
  if (theirPlaces.length) parts.push(`${theirs} changed ${listed(theirPlaces)}`);
  if (myPlaces.length) parts.push(`your edits to ${listed(myPlaces)} are kept`);
  const mineChosen = chosen.filter((c) => c.side === 'mine').map((c) => name(c.collision.path));
  const theirsChosen = chosen.filter((c) => c.side === 'theirs').map((c) => name(c.collision.path));
  if (mineChosen.length) parts.push(`yours chosen at ${listed(mineChosen)}`);
  if (theirsChosen.length) parts.push(`theirs chosen at ${listed(theirsChosen)}`);
  const said = parts.join('; ');
  if (!said) return 'Both versions were the same.';
  // A sentence that starts with an address keeps it as written.
  return theirPlaces.length ? `${said}.` : `${said[0].toUpperCase()}${said.slice(1)}.`;
}
