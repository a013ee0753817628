// A page's or an article's translations go where it goes: moved with an article to its new name,
// removed with whatever they translate, and the links in a translated article's body retargeted as
// the original's are. A translation holds no address of its own besides its body's links (shared
// values, links included, always come from the original), so nothing else in it changes.
import type { SiteFile } from '../content/load-site.ts';
import { translationFile } from '../content/compile-file.ts';
import { splitFrontMatter } from '../content/front-matter.ts';
import { versionOf } from './files.ts';
import { retargetMarkdown } from './link-finder.ts';

/** One translation file under site/, as its text and version. */
export interface TranslationText {
  file: string;
  /** The file it translates (blog/first-note.md). */
  source: string;
  language: string;
  text: string;
  version: string;
}

export function translationTexts(files: SiteFile[]): TranslationText[] {
  return files.flatMap(({ relative, bytes, refused }) => {
    const names = refused ? undefined : translationFile(relative);
    if (!names) return [];
    const text = new TextDecoder().decode(bytes);
    return [{ file: relative, ...names, text, version: versionOf(text) }];
  });
}

/** The translation's text with its body's links to `from` pointed at `to` (an article's translation; others have no body). */
export function withBodyLinks(translation: TranslationText, from: string, to: string): string {
  const parts = translation.file.endsWith('.md') ? splitFrontMatter(translation.text) : undefined;
  if (!parts) return translation.text;
  const body = retargetMarkdown(parts.body, from, to);
  if (body === parts.body) return translation.text;
  // splitFrontMatter reads the text with its line ends as \n: the front matter is what precedes the body there.
  const text = translation.text.replace(/\r\n/g, '\n');
  return `${text.slice(0, text.length - parts.body.length)}${body}`;
}
