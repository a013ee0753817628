// What the studio edits: the content files under site/ as entries (pages, articles, forms, site
// settings, redirects, documents), each read with its version, and each edit judged by the content
// compiler — with the edited text in place of the file — before anything is written.
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { inWords } from '../content/errors.ts';
import { splitFrontMatter } from '../content/front-matter.ts';
import { siteFileKind, loadSite, type LoadResult } from '../content/load-site.ts';
import { blogPath } from '../content/model.ts';
import { parseOptions, parseYaml } from '../content/yaml-source.ts';
import { siteFiles, type Confinement } from '../../shared/confined-files.ts';
import { kindWord, settingsEntries } from '../../shared/entry-groups.ts';
import { listFiles } from '../../shared/confined-listing.ts';
import { checkedPath, checkVersion, readVersioned, replaceVersioned, StudioError, versionOf } from './files.ts';
import { writeFrontMatter, writeYaml } from './yaml-write.ts';
import type { Recorder } from './commit-save.ts';
import type { Entry, EntryEdit, EntryKind, EntrySummary, FieldError, Json } from '../../shared/studio-protocol.ts';
import { plainName } from './entry-name.ts';

/** The kind of a content file the studio edits (every kind the compiler reads but images). */
export function editableEntryKind(file: string): EntryKind | undefined {
  const kind = siteFileKind(file);
  return kind === 'image' ? undefined : kind;
}

/**
 * The file's data, read by the compiler's own parser. A file YAML cannot read is refused with the
 * compiler's plain message (what `npm run validate` prints): its data is unknown, and editing a
 * guess of it could lose what the person wrote.
 */
function parseData(file: string, text: string, lineOffset = 0): Json {
  const { data, errors } = parseYaml(`site/${file}`, text, lineOffset);
  if (errors.length)
    throw new StudioError(
      422,
      // The compiler's words without the file's path: the person reading them is not the one who fixes it.
      `${plainName(file)} cannot be opened here until a developer fixes it:\n${errors.map((error) => `Line ${error.line}: ${inWords(error)}`).join('\n')}\nThe studio opens it again by itself once it is fixed.`,
    );
  return (data ?? {}) as Json;
}
const field = (data: Json, name: string) =>
  data && typeof data === 'object' && !Array.isArray(data) ? data[name] : undefined;

function split(file: string, kind: EntryKind, text: string): { data: Json; body?: string } {
  if (kind === 'document') return { data: {}, body: text };
  if (kind === 'article') {
    const parts = splitFrontMatter(text);
    return parts ? { data: parseData(file, parts.yaml, 1), body: parts.body } : { data: {}, body: text };
  }
  return { data: parseData(file, text) };
}

function summarize(file: string, kind: EntryKind, data: Json): EntrySummary {
  const title = field(data, 'title');
  const name = typeof title === 'string' ? title : path.basename(file).replace(/\.\w+$/, '');
  if (kind === 'page') return { file, kind, title: name, route: String(field(data, 'path') ?? '') };
  if (kind === 'article') return { file, kind, title: name, route: blogPath(path.basename(file, '.md')) };
  if (kind === 'settings') return { file, kind, title: 'Site settings' };
  if (kind === 'redirects') return { file, kind, title: 'Redirects' };
  return { file, kind, title: name };
}

export async function listEntries(site: Confinement): Promise<EntrySummary[]> {
  // A link leading out of site/ is not listed (listFiles refuses it): its title would tell what lies outside.
  const { files } = await listFiles(site);
  const entries: EntrySummary[] = [];
  for (const file of files) {
    const kind = editableEntryKind(file);
    if (!kind) continue;
    const text = await readVersioned(site, file).then(
      (read) => read.text,
      () => undefined,
    );
    if (text === undefined) continue;
    let data: Json = {};
    try {
      data = split(file, kind, text).data;
    } catch {
      // A file with a syntax error is still listed; opening it shows the error.
    }
    if (kind === 'settings') entries.push(...settingsEntries(file));
    else entries.push(summarize(file, kind, data));
  }
  return entries;
}

/** The entry's kind and title as it is now ("Page “Contact us”"), else its plain name. */
async function entryName(site: Confinement, file: string): Promise<string> {
  const kind = editableEntryKind(file);
  if (!kind || kind === 'settings' || kind === 'redirects') return plainName(file);
  try {
    const { text } = await readVersioned(site, file);
    return `${kindWord(kind)} “${summarize(file, kind, split(file, kind, text).data).title}”`;
  } catch {
    return plainName(file);
  }
}

export async function readEntry(site: Confinement, file: string): Promise<Entry> {
  checkedPath(site, file);
  const kind = editableEntryKind(file);
  if (!kind) throw new StudioError(404, `${plainName(file)} is not something the studio edits.`);
  const { text, version } = await readVersioned(site, file);
  const { data, body } = split(file, kind, text);
  return { ...summarize(file, kind, data), version, data, body };
}

/** The file's new text: the edit applied to what is on disk, changing only what changed. */
export function editedText(kind: EntryKind, original: string, edit: EntryEdit): string {
  if (kind === 'document') return edit.body ?? '';
  if (kind === 'article') return writeFrontMatter(original, edit.data, edit.body ?? '');
  return writeYaml(original, edit.data);
}

/** Where in the data a line and column of the file point: the deepest key or item there. */
function dataPathAt(kind: EntryKind, text: string, line: number, col: number): (string | number)[] {
  let yaml = text;
  if (kind === 'document') return [];
  if (kind === 'article') {
    const parts = splitFrontMatter(text);
    // A line of the Markdown body (or of a file without front matter) is the body's: [].
    if (!parts || line > parts.bodyLineOffset) return [];
    yaml = parts.yaml;
    line -= 1;
  }
  const counter = new LineCounter();
  const doc = parseDocument(yaml, { ...parseOptions, prettyErrors: false, lineCounter: counter });
  const offset = (counter.lineStarts[line - 1] ?? yaml.length) + col - 1;
  const at: (string | number)[] = [];
  let node = doc.contents as Node | null;
  const inside = (n: unknown) => {
    const range = (n as Node | null)?.range;
    return range ? offset >= range[0] && offset <= range[2] : false;
  };
  while (node) {
    if (isMap(node)) {
      const pair = node.items.find((p) => inside(p.key) || inside(p.value));
      if (!pair) break;
      at.push(isScalar(pair.key) ? String(pair.key.value) : String(pair.key));
      node = pair.value as Node | null;
    } else if (isSeq(node)) {
      const index = node.items.findIndex(inside);
      if (index < 0) break;
      at.push(index);
      node = node.items[index] as Node;
    } else break;
  }
  return at;
}

export interface Judgement {
  text: string;
  /** Errors in the edited file, each placed at its field. */
  errors: FieldError[];
  /** Errors the edit causes in other files (a link to a page whose address changed). */
  elsewhere: string[];
  result: LoadResult;
}

/** Compiles the site with the edited text in place of the file, as `npm run validate` would judge it. */
export async function judge(root: string, file: string, text: string, baseline?: LoadResult): Promise<Judgement> {
  const kind = editableEntryKind(file)!;
  const result = await loadSite({ root, includeDrafts: true, overrides: new Map([[file, text]]) });
  const errors = result.errors
    .filter((error) => error.file === `site/${file}`)
    // The compiler names the field that must change; a problem it places only by line (a
    // placeholder sentence, a link in a Markdown body) is found at that line.
    .map((error) => ({
      ...error,
      at: error.at ?? dataPathAt(kind, text, error.line, error.col),
      text: inWords(error),
    }));
  const before = new Set((baseline?.errors ?? []).map((error) => `${error.file} ${error.path} ${error.message}`));
  const site = siteFiles(root);
  // Named by the entry's title: the path of the file is for the logs, not for the person editing.
  const elsewhere = await Promise.all(
    result.errors
      .filter((error) => error.file !== `site/${file}` && !before.has(`${error.file} ${error.path} ${error.message}`))
      .map(async (error) => `${await entryName(site, error.file.replace(/^site\//, ''))}: ${inWords(error)}`),
  );
  return { text, errors, elsewhere, result };
}

/**
 * Saves an edit: refused (409) when the file changed on disk since `version`, refused (422) with
 * the compiler's messages when the result would not be valid; otherwise written atomically (and,
 * through `record` on the server, committed).
 */
export async function saveEntry(
  root: string,
  file: string,
  version: string,
  edit: EntryEdit,
  record: Recorder = (change) => change.write(),
): Promise<{ version: string; text: string }> {
  const site = siteFiles(root);
  checkedPath(site, file);
  const kind = editableEntryKind(file);
  if (!kind) throw new StudioError(404, `${plainName(file)} is not something the studio edits.`);
  const current = await readVersioned(site, file);
  checkVersion(file, current.text, version);
  const text = editedText(kind, current.text, edit);
  if (text === current.text) return current;
  const baseline = await loadSite({ root, includeDrafts: true });
  const verdict = await judge(root, file, text, baseline);
  if (verdict.errors.length || verdict.elsewhere.length) {
    const lines = [...verdict.errors.map((e) => e.text), ...verdict.elsewhere];
    throw new StudioError(
      422,
      `Not saved: ${lines.length} problem${lines.length === 1 ? '' : 's'} to fix first.\n${lines.join('\n')}`,
      { errors: verdict.errors, elsewhere: verdict.elsewhere },
    );
  }
  // Compared again under the file's lock, just before the rename: a text editor or another save
  // may have written while the site compiled, and of two saves from one version only one lands.
  // On the server the write is also a commit; one that fails puts the file back as it was.
  await record({
    write: () => replaceVersioned(site, file, text, version),
    files: () => [file],
    undo: () => replaceVersioned(site, file, current.text, versionOf(text)),
  });
  return { text, version: versionOf(text) };
}
