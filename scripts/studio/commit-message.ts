// A studio commit's message in the review's own words: the data diff of the file (data-diff.ts via
// changes.ts) said by src/studio/review/describe.ts, so the history reads as the Changes view does —
// "Start: Hero › Title", "New page: Pricing", "Start: FAQ: question added 'Why?'".
import { composedSchemas, sectionTypes } from '../content/schemas.ts';
import type { ChangedFile } from '../../shared/review.ts';
import { describeFile, fileHeading, type Said } from '../../src/studio/review/describe.ts';
import { Contract } from '../../src/studio/schema.ts';

/** Past this many characters the subject names the first changes and counts the rest. */
const subjectLength = 72;

let contract: Contract | undefined;
const theContract = () => (contract ??= new Contract(Object.fromEntries(composedSchemas()), sectionTypes()));

const whereOf = (said: Said) => (said.kind === 'sentence' ? said.text : said.where);

/** Where each change is, the entry's own name left out ("Hero › Title"), each place once. */
function places(file: ChangedFile): string[] {
  const found = describeFile(theContract(), file).map(({ said }) => {
    const where = whereOf(said);
    for (const prefix of [`${file.title} › `, `${file.title}: `])
      if (where.startsWith(prefix) && where.length > prefix.length) return where.slice(prefix.length);
    return where;
  });
  return [...new Set(found)];
}

/** The subject for one file, and every place when the subject could not hold them all. */
function describeOne(file: ChangedFile): { subject: string; rest: string[] } {
  const heading = fileHeading(file);
  if (file.status !== 'modified') return { subject: heading, rest: [] };
  const all = places(file);
  if (!all.length) return { subject: `${heading}: changed`, rest: [] };
  let shown = all.length;
  const subject = (count: number) =>
    `${heading}: ${all.slice(0, count).join(', ')}${count < all.length ? ` and ${all.length - count} more` : ''}`;
  while (shown > 1 && subject(shown).length > subjectLength) shown--;
  return { subject: subject(shown), rest: shown < all.length ? all : [] };
}

/**
 * The message of a commit of `files` (each compared with the last commit): the first file names the
 * subject; the body lists every place when the subject had to count them, and the other files.
 */
export function commitMessage(files: ChangedFile[]): string {
  if (!files.length) return 'Studio: no change';
  const [first, ...others] = files.map(describeOne);
  const body = [...first.rest.map((place) => `- ${place}`), ...others.map((other) => `Also: ${other.subject}`)];
  return body.length ? `${first.subject}\n\n${body.join('\n')}\n` : `${first.subject}\n`;
}
