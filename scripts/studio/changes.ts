// The review ("Changes"): every file under site/ changed since the last git commit, compared as data,
// not as text. Both versions are read by the compiler's own parser (scripts/content/yaml-source.ts),
// and data-diff.ts tells what changed value by value, so the page can say it in words ("Home › Hero
// › Title: old → new"), a moved section as one move. Where git or the repository is missing, it
// says so.
import path from 'node:path';
import { formatError } from '../content/errors.ts';
import { splitFrontMatter } from '../content/front-matter.ts';
import { translationFile } from '../content/compile-file.ts';
import { siteFileKind } from '../content/load-site.ts';
import { parseYaml } from '../content/yaml-source.ts';
import { ConfinedFileError, readConfined, siteFiles, type Confinement } from '../../shared/confined-files.ts';
import type { ChangedFile, ChangedKind, Changes, DataChange } from '../../shared/review.ts';
import type { Json } from '../../shared/studio-protocol.ts';
import { diffData } from './data-diff.ts';
import { versionOf } from './files.ts';
import { changedSiteFiles, committedFile, NoGit } from './git-head.ts';

/** The kind of a file under site/: an entry the studio edits, an image, or something else. */
export function changedKind(file: string): ChangedKind {
  return siteFileKind(file) ?? 'other';
}

interface Content {
  data: Json;
  body?: string;
}

/** One version of a file as data (the compiler's reader), or the reader's message when it cannot be read. */
export function readContent(file: string, kind: ChangedKind, text: string): Content | { problem: string } {
  const parse = (yaml: string, lineOffset = 0): Json | { problem: string } => {
    const { data, errors } = parseYaml(`site/${file}`, yaml, lineOffset);
    return errors.length ? { problem: errors.map(formatError).join('\n') } : ((data ?? {}) as Json);
  };
  const failed = (value: Json | { problem: string }): value is { problem: string } =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && typeof value.problem === 'string';
  if (kind === 'document') return { data: {}, body: text };
  if (kind === 'article') {
    const parts = splitFrontMatter(text);
    if (!parts) return { data: {}, body: text };
    const data = parse(parts.yaml, 1);
    return failed(data) ? data : { data, body: parts.body };
  }
  const data = parse(text);
  return failed(data) ? data : { data };
}

/** What changed from one version's content to the other's: the data's changes, then the text's. */
export function contentChanges(before: Content | undefined, after: Content | undefined): DataChange[] {
  if (!before || !after) return [];
  const changes = diffData(before.data, after.data);
  if ((before.body ?? '') !== (after.body ?? ''))
    changes.push({ kind: 'body', before: before.body ?? '', after: after.body ?? '' });
  return changes;
}

/** The entry's name as the content list gives it: its title, "Site settings", "Redirects", else the file's name. */
export function titleOf(file: string, kind: ChangedKind, data: Json | undefined): string {
  if (kind === 'settings') return 'Site settings';
  if (kind === 'redirects') return 'Redirects';
  const title = data && typeof data === 'object' && !Array.isArray(data) ? data.title : undefined;
  if (typeof title === 'string' && title && kind !== 'image' && kind !== 'other') return title;
  return kind === 'image' || kind === 'other' ? path.basename(file) : path.basename(file).replace(/\.\w+$/, '');
}

const dataOn = async (root: string, file: string): Promise<Record<string, Json> | undefined> => {
  const bytes = await readConfined(siteFiles(root), file).catch(() => undefined);
  // An article's data is its front matter.
  const content = bytes && readContent(file, changedKind(file), bytes.toString('utf8'));
  const data = content && !('problem' in content) ? content.data : undefined;
  return data && typeof data === 'object' && !Array.isArray(data) ? data : undefined;
};

/**
 * A translation file as a translator knows it, "Start in Deutsch": the original's title and the
 * language's name as the site declares it, never the file's name. Undefined for any other file.
 */
export async function translationTitle(root: string, file: string): Promise<string | undefined> {
  const names = translationFile(file);
  if (!names) return undefined;
  const [source, settings] = await Promise.all([dataOn(root, names.source), dataOn(root, 'site.yaml')]);
  const languages = Array.isArray(settings?.languages) ? settings.languages : [];
  const declared = languages.find((l) => l && typeof l === 'object' && !Array.isArray(l) && l.code === names.language);
  const name = declared && typeof declared === 'object' && !Array.isArray(declared) ? declared.name : undefined;
  const title = titleOf(names.source, changedKind(names.source), source);
  return `${title} in ${typeof name === 'string' ? name : names.language}`;
}

const onDisk = (site: Confinement, file: string) =>
  readConfined(site, file).catch((error: unknown) => {
    // Gone is "deleted"; anything the confined module refuses (a link out) is not shown at all.
    if (error instanceof ConfinedFileError && error.code === 'missing') return undefined;
    return null;
  });

/** One changed file compared: its status, its name, and its changes as data. */
export async function compareFile(root: string, file: string): Promise<ChangedFile | undefined> {
  const kind = changedKind(file);
  const [committed, current] = await Promise.all([committedFile(root, file), onDisk(siteFiles(root), file)]);
  if (current === null || (committed === undefined && current === undefined)) return undefined;
  if (committed && current && committed.equals(current)) return undefined;
  const status = committed === undefined ? 'added' : current === undefined ? 'deleted' : 'modified';
  const read = (bytes: Buffer | undefined) =>
    bytes === undefined || kind === 'image' || kind === 'other'
      ? undefined
      : readContent(file, kind, bytes.toString('utf8'));
  const [before, after] = [read(committed), read(current)];
  const problem = [before, after].find((side) => side && 'problem' in side) as { problem: string } | undefined;
  const content = (side: typeof before) => (side && !('problem' in side) ? side : undefined);
  const data = content(after)?.data ?? content(before)?.data;
  return {
    file,
    status,
    kind,
    title: (await translationTitle(root, file)) ?? titleOf(file, kind, data),
    ...(current && { version: versionOf(current) }),
    ...(content(before) && { before: content(before)!.data }),
    ...(content(after) && { after: content(after)!.data }),
    changes: problem ? [] : contentChanges(content(before), content(after)),
    ...(problem && { problem: problem.problem }),
  };
}

export async function siteChanges(root: string): Promise<Changes> {
  let files: string[];
  try {
    files = await changedSiteFiles(root);
  } catch (error) {
    if (error instanceof NoGit) return { git: false, files: [], message: error.message };
    throw error;
  }
  // One file at a time: each asks git once, and a long list should not start dozens of processes at once.
  const compared: ChangedFile[] = [];
  for (const file of files) {
    const one = await compareFile(root, file);
    if (one) compared.push(one);
  }
  return { git: true, files: compared };
}
