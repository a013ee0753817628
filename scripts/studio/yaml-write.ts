// Writes an edited entry the way a careful person would in a text editor. The edit is made where
// it stands (yaml-splice.ts: a value's own characters in its own style, whole lines for an item or
// key added, removed or moved), so every other byte stays as written. Where that cannot express
// the edit, the changed collection is written anew alone, or the new data is applied to the
// file's `yaml` Document node by node (yaml-sync.ts) and the changed lines merged back into the
// original (line-merge.ts). Every text is read back before it is returned (yaml-proof.ts): one
// that would not read as the data the editor meant, or that writes a key of the file otherwise
// than it was written, is never written; when none is right, the save is refused in plain words.
import { parseDocument, type Document, type ToStringOptions } from 'yaml';
import { splitFrontMatter } from '../content/front-matter.ts';
import { parseOptions } from '../content/yaml-source.ts';
import { StudioError } from './files.ts';
import { changedLines, mergeEdit } from './line-merge.ts';
import { keysKept, keyTexts, readsBackAs } from './yaml-proof.ts';
import { lineEndingOf, styleOf } from './yaml-style.ts';
import { spliceEdit } from './yaml-splice.ts';
import { sync } from './yaml-sync.ts';
import type { Json } from '../../shared/studio-protocol.ts';

/**
 * A change the writer cannot put into the file so that it reads back as meant: nothing is written,
 * and the studio shows the message (422) where the save was asked for.
 */
export class YamlWriteError extends StudioError {
  constructor() {
    super(
      422,
      'Not saved: part of this is written in a way the studio cannot keep exactly as it is while saving your change, ' +
        'so nothing was changed. Ask the person who looks after the site’s files to make this change.',
    );
  }
}

const refusal = () => new YamlWriteError();

const parse = (text: string) => parseDocument(text, { ...parseOptions, prettyErrors: false, logLevel: 'error' });
const render = (doc: Document, options: ToStringOptions) => {
  try {
    return doc.toString(options);
  } catch {
    // A document the library cannot render (an alias moved before its anchor) has no candidate.
    return undefined;
  }
};

/** The edit in LF text: each candidate proven, the one changing the fewest lines chosen. */
function edit(original: string, data: Json, prove: (text: string) => boolean): string {
  const doc = parse(original);
  if (doc.errors.length) throw refusal();
  const style = styleOf(doc, original);
  // The edit made where it stands (values in their own style, else double-quoted; whole lines
  // moved for items and keys): nothing else moves.
  const splice = (options: { quoted?: boolean; rerender?: boolean }) => {
    try {
      return spliceEdit(original, doc, data, style, options);
    } catch {
      return undefined;
    }
  };
  for (const quoted of [false, true]) {
    const spliced = splice({ quoted });
    if (spliced !== undefined && prove(spliced)) return spliced;
  }
  // Else the changed collection written anew where it stands, or the line merge below.
  const rewritten = splice({ rerender: true });
  // Two renderings close to the file: long text on one line, or folded like the file folds it.
  const renderings: ToStringOptions[] = [{ ...style, lineWidth: 0 }, style];
  const before = renderings.map((options) => render(doc, options));
  doc.contents = sync(doc, doc.contents, data) as typeof doc.contents;
  const after = renderings.map((options) => render(doc, options));
  const merged = renderings.flatMap((_, i) => {
    const [b, a] = [before[i], after[i]];
    return b === undefined || a === undefined ? [] : [mergeEdit(original, b, a)];
  });
  const fewest = (texts: string[]) =>
    texts.filter(prove).sort((x, y) => changedLines(original, x) - changedLines(original, y))[0];
  // Only when no merge reads back right is the whole document rendered anew (comments kept,
  // layout the library's): the data then is right, and the diff shows every changed line.
  const chosen =
    fewest(rewritten === undefined ? merged : [rewritten, ...merged]) ??
    fewest(after.filter((text) => text !== undefined));
  if (chosen === undefined) throw refusal();
  return chosen;
}

/** The YAML text with `data` applied; everything that did not change stays as it was written. */
export function writeYaml(original: string, data: unknown): string {
  // A save that changes nothing writes nothing: not one byte differs.
  if (readsBackAs(original, data)) return original;
  // A file with Windows line endings is edited as LF and given its CRLF back, whole.
  const crlf = lineEndingOf(original) === '\r\n';
  const restore = (text: string) => (crlf ? text.replaceAll('\n', '\r\n') : text);
  const lf = crlf ? original.replaceAll('\r\n', '\n') : original;
  try {
    const keys = keyTexts(lf);
    return restore(edit(lf, data as Json, (text) => readsBackAs(restore(text), data) && keysKept(keys, text)));
  } catch (error) {
    // Whatever the library does with an unusual document, the answer is a refusal, never a crash.
    if (error instanceof YamlWriteError) throw error;
    throw refusal();
  }
}

/**
 * The same for a Markdown file with front matter: the front matter edited, the body replaced. The
 * file keeps its final line end (an editor's text box may drop it) and its Windows line endings.
 */
export function writeFrontMatter(original: string, data: unknown, body: string): string {
  const parts = splitFrontMatter(original);
  const yaml = writeYaml(parts?.yaml ?? '', data);
  let text = `---\n${yaml}${yaml.endsWith('\n') ? '' : '\n'}---\n${body.replaceAll('\r\n', '\n')}`;
  if (original.endsWith('\n') && !text.endsWith('\n')) text += '\n';
  return lineEndingOf(original) === '\r\n' ? text.replaceAll('\n', '\r\n') : text;
}
