// A saved change summed up in one line of words, for the history and what is not live yet:
// "Contact: Title changed; Questions: question added 'Why?'" — each changed entry by its name, then
// what happened where, as the review says it (describe.ts), each place once and the rest counted.
// Never the commit's own message: a developer's words are not the editor's.
import type { ChangedFile } from '../../../shared/review.ts';
import type { Contract } from '../schema.ts';
import { describeFile, fileHeading, type Said } from './describe.ts';

/** Past this many places in one entry, the rest is counted ("and 3 more"). */
const placesShown = 3;

/** What one line of the review says happened, without the entry's own name in front. */
function happened(said: Said, title: string): string {
  const trimmed = (where: string) => {
    for (const prefix of [`${title} › `, `${title}: `]) if (where.startsWith(prefix)) return where.slice(prefix.length);
    return where === title ? '' : where;
  };
  if (said.kind === 'sentence') return trimmed(said.text);
  const where = trimmed(said.where) || 'Text';
  if (said.kind === 'text') return `${where} changed`;
  if (said.kind === 'image') return `${where} ${said.after === undefined ? 'removed' : 'changed'}`;
  if (said.before === undefined) return `${where} added`;
  if (said.after === undefined) return `${where} removed`;
  return `${where} changed`;
}

/** One entry's part of the summary: "Contact: Title changed; Hero › Image changed". */
export function fileSummary(contract: Contract, file: ChangedFile): string {
  const heading = fileHeading(file);
  if (file.status !== 'modified') return heading;
  if (file.kind === 'image' || file.kind === 'other') return `${heading} changed`;
  if (file.problem) return `${heading} changed`;
  const places = [...new Set(describeFile(contract, file).map((line) => happened(line.said, file.title)))];
  if (!places.length) return `${heading}: only its layout changed`;
  const more = places.length - placesShown;
  return `${heading}: ${places.slice(0, placesShown).join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/** The whole change in words, every entry it touched, one after the other. */
export function changeSummary(contract: Contract, files: ChangedFile[]): string {
  return files.map((file) => fileSummary(contract, file)).join(' · ') || 'No visible change';
}
