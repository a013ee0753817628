// What links to an address, and the same files with those links pointing elsewhere. A link in the
// data is any field whose schema is the `internalPath` definition (found by walking the data with
// its schema, never by a list of field names), an internal link in a Markdown body (articles,
// documents), and, for an article, the slugs other articles name it by (Recommended reading, the
// sidebar: checks.ts's relatedArticles). Anchors and queries stay: /offer#prices → /deals#prices.
import { relatedArticles, stripQuery } from '../content/checks.ts';
import { renderMarkdown } from '../content/markdown.ts';
import { composedSchemas, sectionTypes } from '../content/schemas.ts';
import type { ChangedFile, DataPath } from '../../shared/review.ts';
import type { EntryKind, Json } from '../../shared/studio-protocol.ts';
import { Describer } from '../../src/studio/review/describe.ts';
import { Contract, type Schema } from '../../src/studio/schema.ts';

/** One file under site/ as the finder reads it: its data and (articles, documents) its Markdown body. */
export interface ContentFile {
  file: string;
  kind: EntryKind;
  /** The entry's name as the content list shows it. */
  title: string;
  data: Json;
  body?: string;
}

/** One place that links to the address: a field (`at`) or a line of the Markdown body. */
export interface FoundLink {
  file: string;
  title: string;
  href: string;
  at?: DataPath;
  line?: number;
  /** Where it is, in the studio's words: "Home › Hero › Button › Link to", "Offer note › Text, line 3". */
  where: string;
}

let shared: Contract | undefined;
export const studioContract = () => (shared ??= new Contract(Object.fromEntries(composedSchemas()), sectionTypes()));

const isObject = (value: unknown): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Follows `$ref`s one by one: the schema they lead to, its file, and whether `internalPath` is among them. */
function follow(contract: Contract, schema: Schema, file: string): { schema: Schema; file: string; path: boolean } {
  let current = schema;
  let at = file;
  let path = false;
  for (let depth = 0; current.$ref && depth < 20; depth++) {
    const { $ref, ...siblings } = current;
    const [target = '', pointer = ''] = $ref.split('#');
    const parts = pointer.split('/').filter(Boolean);
    if (parts[0] === '$defs' && parts.at(-1) === 'internalPath') path = true;
    at = target || at;
    const found = parts.reduce<unknown>(
      (node, part) => (isObject(node) ? node[part] : undefined),
      contract.schemas[at],
    );
    current = { ...((found as Schema | undefined) ?? {}), ...siblings };
  }
  return { schema: current, file: at, path };
}

/** Every place in `data` whose schema is an internal path (a page's address field among them). */
export function pathFields(kind: EntryKind, data: Json, contract = studioContract()): DataPath[] {
  const found = new Map<string, DataPath>();
  const visit = (raw: Schema, file: string, value: Json | undefined, at: DataPath) => {
    const { schema, file: from, path } = follow(contract, raw, file);
    if (path && typeof value === 'string') found.set(JSON.stringify(at), at);
    const branch = contract.branch({ schema, file: from }, value);
    if (branch) return visit(branch.schema, branch.file, value, at);
    for (const option of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) visit(option, from, value, at);
    if (Array.isArray(value) && schema.items) value.forEach((item, i) => visit(schema.items!, from, item, [...at, i]));
    if (isObject(value) && schema.properties)
      for (const [key, child] of Object.entries(value))
        if (schema.properties[key]) visit(schema.properties[key], from, child, [...at, key]);
  };
  const root = contract.root(kind);
  visit(root.schema, root.file, data, []);
  // A page's own address is where the page is, not a link to it.
  return [...found.values()].filter((at) => !(kind === 'page' && at.length === 1 && at[0] === 'path'));
}

/** Whether `href` leads to `address` (an anchor or query on it counts). */
export const leadsTo = (href: string, address: string) => href.startsWith('/') && stripQuery(href) === address;

/** `href` with its address part replaced by `to`, its anchor or query kept. */
export const retarget = (href: string, to: string) => to + href.slice(stripQuery(href).length);

const getIn = (data: Json, at: DataPath): Json | undefined =>
  at.reduce<Json | undefined>((node, key) => (node as Record<string | number, Json> | undefined)?.[key], data);

function setIn(data: Json, at: DataPath, value: Json): Json {
  if (!at.length) return value;
  const [key, ...rest] = at;
  const copy = (Array.isArray(data) ? [...data] : { ...(data as Record<string, Json>) }) as Record<
    string | number,
    Json
  >;
  copy[key] = setIn(copy[key], rest, value);
  return copy as Json;
}

/** The internal links of a Markdown text, with their 0-based offsets in it (only where the text holds them as written). */
export function markdownLinks(text: string): { href: string; start: number; line: number }[] {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  return renderMarkdown(text)
    .links.filter((link) => link.href.startsWith('/'))
    .map((link) => ({ href: link.href, line: link.line, start: (lineStarts[link.line - 1] ?? 0) + link.col - 1 }))
    .filter((link) => text.startsWith(link.href, link.start));
}

/** The Markdown text with every link to `from` pointing at `to` instead. */
export function retargetMarkdown(text: string, from: string, to: string): string {
  let result = text;
  // From the end, so earlier offsets stay right.
  for (const link of markdownLinks(text).reverse())
    if (leadsTo(link.href, from))
      result = result.slice(0, link.start) + retarget(link.href, to) + result.slice(link.start + link.href.length);
  return result;
}

function describer(contract: Contract, entry: ContentFile): Describer {
  const file: ChangedFile = {
    file: entry.file,
    status: 'modified',
    kind: entry.kind,
    title: entry.title,
    after: entry.data,
    changes: [],
  };
  return new Describer(contract, file);
}

/** Every link in `entries` to `address` (and, when `slug` is given, every article naming that slug). */
export function findLinks(
  entries: ContentFile[],
  address: string,
  slug?: string,
  contract = studioContract(),
): FoundLink[] {
  const found: FoundLink[] = [];
  for (const entry of entries) {
    const words = describer(contract, entry);
    const field = (at: DataPath, href: string) =>
      found.push({ file: entry.file, title: entry.title, href, at, where: words.where(words.steps(at, entry.data)) });
    for (const at of pathFields(entry.kind, entry.data, contract)) {
      const href = getIn(entry.data, at);
      if (typeof href === 'string' && leadsTo(href, address)) field(at, href);
    }
    if (slug !== undefined && entry.kind === 'article' && isObject(entry.data))
      for (const related of relatedArticles(entry.data))
        if (related.slug === slug) field([...related.path], related.slug);
    if (entry.body !== undefined)
      for (const link of markdownLinks(entry.body))
        if (leadsTo(link.href, address))
          found.push({
            file: entry.file,
            title: entry.title,
            href: link.href,
            line: link.line,
            where: `${entry.title} › Text, line ${link.line}`,
          });
  }
  return found;
}

/**
 * The entry with every link to `links.from` pointing at `links.to` (and the slugs `slugs.from` →
 * `slugs.to`): its new data and body, or undefined when nothing in it changes.
 */
export function retargetEntry(
  entry: ContentFile,
  links: { from: string; to: string } | undefined,
  slugs?: { from: string; to: string },
  contract = studioContract(),
): { data: Json; body?: string } | undefined {
  let data = entry.data;
  if (links)
    for (const at of pathFields(entry.kind, entry.data, contract)) {
      const href = getIn(data, at);
      if (typeof href === 'string' && leadsTo(href, links.from)) data = setIn(data, at, retarget(href, links.to));
    }
  if (slugs && entry.kind === 'article' && isObject(entry.data))
    for (const related of relatedArticles(entry.data))
      if (related.slug === slugs.from) data = setIn(data, [...related.path], slugs.to);
  const body = entry.body === undefined || !links ? entry.body : retargetMarkdown(entry.body, links.from, links.to);
  return data === entry.data && body === entry.body ? undefined : { data, body };
}

/** An article's data without the related articles (Recommended reading, the sidebar) naming `slug`; undefined when none does. */
export function dropSlug(entry: ContentFile, slug: string): Json | undefined {
  if (entry.kind !== 'article' || !isObject(entry.data)) return undefined;
  const naming = relatedArticles(entry.data).filter((related) => related.slug === slug);
  if (!naming.length) return undefined;
  const data: Record<string, Json> = { ...entry.data };
  // From the last, so the numbers of the items before stay right.
  for (const { path } of naming.reverse()) {
    const [list, index] = path as [string, number];
    const items = (data[list] as Json[]).filter((_, i) => i !== index);
    if (items.length) data[list] = items;
    else delete data[list];
  }
  return data;
}
