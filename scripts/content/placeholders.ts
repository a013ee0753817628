// A published page or article that still holds a scaffold's placeholder sentence is refused at
// the sentence's line and column: `npm run new` writes drafts, and the placeholders are for the
// editor to replace before `draft: true` goes.
import { placeholders } from '../new.ts';
import type { ContentError } from './errors.ts';

export function placeholderErrors(file: string, text: string): ContentError[] {
  const errors: ContentError[] = [];
  for (const sentence of Object.values(placeholders)) {
    for (let at = text.indexOf(sentence); at >= 0; at = text.indexOf(sentence, at + sentence.length)) {
      const before = text.slice(0, at).split('\n');
      errors.push({
        file,
        line: before.length,
        col: before.at(-1)!.length + 1,
        path: '',
        message: `this is the scaffold's placeholder text ("${sentence}"). Replace it with your own words before publishing, or keep the file a draft with "draft: true".`,
      });
    }
  }
  return errors;
}
