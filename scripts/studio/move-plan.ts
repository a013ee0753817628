// Moving, renaming and deleting a page or an article as ONE change: the entry's new address (or its
// removal), the redirect from the old address, and every link to it across the site — each file's
// new text made by the studio's own writers (only the lines that must change), the whole result
// judged by the compiler as a save is, before anything is written.
import path from 'node:path';
import { stringify } from 'yaml';
import { inWords } from '../content/errors.ts';
import { compileSiteFiles, loadSite, readSiteFiles, type SiteFile } from '../content/load-site.ts';
import { blogPath } from '../content/model.ts';
import { changedKind, readContent, titleOf } from './changes.ts';
import { plainName } from './entry-name.ts';
import { checkVersion, StudioError, versionOf } from './files.ts';
import { reservedRefusal } from '../../shared/reserved-addresses.ts';
import { dropSlug, findLinks, retargetEntry, type FoundLink } from './link-finder.ts';
import { Changes, written, type FileChange, type SiteEntry } from './plan-changes.ts';
import { translationTexts, withBodyLinks, type TranslationText } from './translation-moves.ts';
import { translationFileName } from '../content/compile-file.ts';
import type { Json } from '../../shared/studio-protocol.ts';
import type { DeleteRequest, MoveRequest } from '../../shared/rename-protocol.ts';

export type { FileChange };

export interface Plan {
  /** The entry's file after the change (an article's new name), or undefined when it is deleted. */
  file?: string;
  from: string;
  to?: string;
  links: FoundLink[];
  changes: FileChange[];
  /** What the compiler would refuse in the result, in words, each with its file. */
  problems: string[];
}

const redirectsFile = 'redirects.yaml';
const articleBase = blogPath('');
const slugOf = (file: string) => path.basename(file, '.md');
const isObject = (value: unknown): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every content file under site/ as data, with its text and version (a file YAML cannot read is left out: the judge names it), and the translations. */
async function readEntries(
  root: string,
): Promise<{ entries: Map<string, SiteEntry>; files: SiteFile[]; translations: TranslationText[] }> {
  const files = await readSiteFiles(root);
  const entries = new Map<string, SiteEntry>();
  for (const { relative, bytes, refused } of files) {
    const kind = changedKind(relative);
    if (refused || kind === 'image' || kind === 'other') continue;
    const text = new TextDecoder().decode(bytes);
    const content = readContent(relative, kind, text);
    if ('problem' in content) continue;
    const title = titleOf(relative, kind, content.data);
    entries.set(relative, { file: relative, kind, title, ...content, text, version: versionOf(text) });
  }
  return { entries, files, translations: translationTexts(files) };
}

/** The address an entry is at: a page's `path`, an article's /resources/blogs/<file name>. */
function addressOf(entry: SiteEntry): string | undefined {
  if (entry.kind === 'article') return blogPath(slugOf(entry.file));
  const address = isObject(entry.data) ? entry.data.path : undefined;
  return entry.kind === 'page' && typeof address === 'string' ? address : undefined;
}

function theEntry(entries: Map<string, SiteEntry>, file: unknown, version: unknown): SiteEntry {
  if (typeof file !== 'string' || typeof version !== 'string')
    throw new StudioError(400, 'Say which page or article, and the version you opened.');
  const entry = entries.get(file);
  if (!entry)
    throw new StudioError(404, `${plainName(file)} does not exist any more (deleted elsewhere?). Nothing was changed.`);
  if (entry.kind !== 'page' && entry.kind !== 'article')
    throw new StudioError(400, `${plainName(file)} is not a page or an article: only those have an address.`);
  checkVersion(file, entry.text, version);
  return entry;
}

const redirectList = (entries: Map<string, SiteEntry>): { from: string; to: string }[] => {
  const data = entries.get(redirectsFile)?.data;
  const list = isObject(data) ? data.redirects : undefined;
  return Array.isArray(list) ? (list.filter(isObject) as { from: string; to: string }[]) : [];
};

/** Who has `address`: a page or an article (its words), else undefined. */
function holderOf(entries: Map<string, SiteEntry>, address: string, except: SiteEntry): SiteEntry | undefined {
  return [...entries.values()].find((entry) => entry !== except && addressOf(entry) === address);
}

/** Every other entry's links (and slugs) to `from` pointed at `to`; redirects always (a chain is refused). */
function retargetAll(
  changes: Changes,
  skip: string,
  from: string,
  to: string,
  options: { links: boolean; slugs?: { from: string; to: string } },
) {
  for (const file of changes.entries.keys()) {
    if (file === skip || (!options.links && file !== redirectsFile && !options.slugs)) continue;
    const entry = changes.current(file);
    if (!entry) continue;
    const links = options.links || file === redirectsFile ? { from, to } : undefined;
    const next = retargetEntry(entry, links, options.slugs);
    if (next) changes.replace(changes.entries.get(file)!, next.data, next.body);
  }
}

/** The redirects list with `add` appended and the redirect from `drop` left out. */
function redirectsWith(changes: Changes, add?: { from: string; to: string }, drop?: string) {
  const entry = changes.current(redirectsFile);
  if (!entry) {
    if (add) changes.create(redirectsFile, stringify({ redirects: [add] }));
    return;
  }
  const data = isObject(entry.data) ? entry.data : {};
  const list = (Array.isArray(data.redirects) ? data.redirects : []).filter(
    (item) => !(isObject(item) && drop !== undefined && item.from === drop),
  );
  changes.replace(changes.entries.get(redirectsFile)!, { ...data, redirects: add ? [...list, add] : list });
}

/** Judges the site as the change leaves it; the problems it did not have before, in words with their file. */
async function judge(root: string, files: SiteFile[], changes: FileChange[]): Promise<string[]> {
  const byFile = new Map(changes.map((change) => [change.file, change]));
  const next: SiteFile[] = files.filter((file) => !byFile.has(file.relative));
  for (const change of changes)
    if (change.after !== undefined) next.push({ relative: change.file, bytes: new TextEncoder().encode(change.after) });
  next.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
  const [before, after] = await Promise.all([
    loadSite({ root, includeDrafts: true }),
    compileSiteFiles(next, { root, includeDrafts: true }),
  ]);
  const key = (e: { file: string; path: string; message: string }) => `${e.file} ${e.path} ${e.message}`;
  const had = new Set(before.errors.map(key));
  // Each problem by the entry it is in, never by its file.
  return after.errors
    .filter((error) => !had.has(key(error)))
    .map((error) => `${plainName(error.file.replace(/^site\//, ''))}: ${inWords(error)}`);
}

/** The moved entry first, so the commit's subject names it. */
const ordered = (changes: Changes, first: string[]) =>
  [...changes.byFile.values()].sort((a, b) => Number(first.includes(b.file)) - Number(first.includes(a.file)));

export async function planMove(root: string, request: MoveRequest): Promise<Plan> {
  const { entries, files, translations } = await readEntries(root);
  const entry = theEntry(entries, request.file, request.version);
  const from = addressOf(entry)!;
  const to = typeof request.address === 'string' ? request.address.trim() : '';
  if (!to.startsWith('/')) throw new StudioError(400, 'The new address starts with /, for example /pricing.');
  if (to === from) throw new StudioError(400, `The address is "${from}" already: nothing to change.`);
  const reserved = reservedRefusal(to);
  if (reserved) throw new StudioError(400, reserved);
  let newFile = entry.file;
  let slugs: { from: string; to: string } | undefined;
  if (entry.kind === 'article') {
    const slug = to.slice(articleBase.length);
    if (!to.startsWith(articleBase) || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))
      throw new StudioError(
        400,
        `An article's address is ${articleBase} followed by lowercase letters, digits and dashes, for example ${articleBase}spring-news.`,
      );
    newFile = `blog/${slug}.md`;
    slugs = { from: slugOf(entry.file), to: slug };
  }
  const holder = holderOf(entries, to, entry);
  if (holder) throw new StudioError(409, `"${to}" is already the address of ${holder.title}. Choose another address.`);
  const redirects = redirectList(entries);
  const redirected = redirects.find((redirect) => redirect.from === to);
  // The address it had before (a rename taken back): that redirect goes, or it would loop.
  if (redirected && redirected.to !== from)
    throw new StudioError(
      409,
      `"${to}" already sends visitors on to "${redirected.to}" (site/redirects.yaml). Choose another address, or remove that redirect first.`,
    );

  const changes = new Changes(entries);
  const edit = request.edit;
  let data = edit?.data ?? entry.data;
  if (entry.kind === 'page') data = { ...(isObject(data) ? data : {}), path: to };
  const own = retargetEntry({ ...entry, data, body: edit?.body ?? entry.body }, { from, to }, slugs) ?? {
    data,
    body: edit?.body ?? entry.body,
  };
  if (newFile === entry.file) changes.replace(entry, own.data, own.body);
  else {
    // The new file first: it exists before the old one goes.
    changes.create(newFile, written(entry, own.data, own.body));
    changes.remove(entry);
  }
  retargetAll(changes, entry.file, from, to, { links: request.updateLinks !== false, slugs });
  for (const translation of translations) {
    const text = request.updateLinks !== false ? withBodyLinks(translation, from, to) : translation.text;
    if (translation.source === entry.file && newFile !== entry.file) {
      changes.create(translationFileName(newFile, translation.language), text);
      changes.remove(translation);
    } else changes.replaceText(translation, text);
  }
  if (request.redirect !== false || redirected)
    redirectsWith(changes, request.redirect !== false ? { from, to } : undefined, redirected?.from);

  const others = [...entries.values()].filter((other) => other !== entry);
  return {
    file: newFile,
    from,
    to,
    links: findLinks(others, from, slugs?.from),
    changes: ordered(changes, [newFile, entry.file]),
    problems: await judge(root, files, [...changes.byFile.values()]),
  };
}

export async function planDelete(root: string, request: DeleteRequest): Promise<Plan> {
  const { entries, files, translations } = await readEntries(root);
  const entry = theEntry(entries, request.file, request.version);
  const from = addressOf(entry)!;
  const slug = entry.kind === 'article' ? slugOf(entry.file) : undefined;
  const others = [...entries.values()].filter((other) => other !== entry);
  const changes = new Changes(entries);
  changes.remove(entry);
  let to: string | undefined;
  if (typeof request.redirectTo === 'string' && request.redirectTo.trim()) {
    to = request.redirectTo.trim();
    // An address that redirects is followed to its page (a chain is refused), and must not lead back here.
    const chain = [from, to];
    const redirects = new Map(redirectList(entries).map((r) => [r.from, r.to]));
    while (redirects.has(chain.at(-1)!) && !chain.slice(0, -1).includes(chain.at(-1)!))
      chain.push(redirects.get(chain.at(-1)!)!);
    if (chain.slice(0, -1).includes(chain.at(-1)!))
      throw new StudioError(
        409,
        `Sending visitors from "${from}" to "${to}" would go round in a loop: ${chain.join(' → ')}. Choose another page.`,
      );
    to = chain.at(-1)!;
    const target = holderOf(entries, to, entry);
    if (!target) throw new StudioError(400, `"${to}" is not a page or an article of this site. Choose one that is.`);
    const toSlug = target.kind === 'article' ? slugOf(target.file) : undefined;
    retargetAll(changes, entry.file, from, to, {
      links: true,
      slugs: slug && toSlug ? { from: slug, to: toSlug } : undefined,
    });
    redirectsWith(changes, { from, to }, undefined);
  }
  // Its translations go with it; the others' bodies follow its links to where visitors are sent.
  for (const translation of translations)
    if (translation.source === entry.file) changes.remove(translation);
    else if (to) changes.replaceText(translation, withBodyLinks(translation, from, to));
  // Related articles naming a deleted article (and not moved to another one) simply leave those lists.
  if (slug)
    for (const file of entries.keys()) {
      const other = changes.current(file);
      const data = other && file !== entry.file ? dropSlug(other, slug) : undefined;
      if (other && data) changes.replace(entries.get(file)!, data, other.body);
    }
  return {
    from,
    to,
    links: findLinks(others, from, slug),
    changes: ordered(changes, [entry.file]),
    problems: await judge(root, files, [...changes.byFile.values()]),
  };
}
