// Writes an edited entry the way a careful person would: the new data is applied to the file's
// `yaml` Document node by node (comments, key order, quoting and block scalars stay with their
// nodes), and only the lines that changed are put back into the original text (line-merge.ts).
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node, type ToStringOptions } from 'yaml';
import { splitFrontMatter } from '../content/front-matter.ts';
import { parseOptions } from '../content/yaml-source.ts';
import { changedLines, mergeEdit } from './line-merge.ts';
import type { Json } from '../../shared/studio-protocol.ts';

// Two ways of rendering, close to how site/ is written (2-space indents, lists indented under
// their key): long text on one line, or folded near 100 columns. The edit is taken from whichever
// leaves more of the original as it was.
const renderings: ToStringOptions[] = [{ lineWidth: 0 }, { lineWidth: 100, minContentWidth: 40 }];
const parse = (text: string) => parseDocument(text, { ...parseOptions, prettyErrors: false });


const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Makes `node` hold `value`, keeping every node (and its comments and style) that still fits. */
function sync(doc: Document, node: unknown, value: Json): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && isMap(node)) {
    for (const pair of [...node.items]) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (!(key in value)) node.delete(pair.key);
    }
    for (const [key, item] of Object.entries(value)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === key);
      if (pair) pair.value = sync(doc, pair.value, item);
      else node.add(doc.createPair(key, item));
    }
    return node;
  }
  if (Array.isArray(value) && isSeq(node)) {
    const old = [...node.items];
    const used = new Set<unknown>();
    // An item that is unchanged keeps its node wherever it moved (a reordered section keeps its
    // comments); otherwise the item at the same place is edited in place, or a new one is made.
    const reused = value.map((item) => {
      const match = old.find((n) => !used.has(n) && same((n as Node).toJSON(), item));
      if (match) used.add(match);
      return match;
    });
    node.items = value.map((item, index) => {
      if (reused[index]) return reused[index];
      const inPlace = old[index];
      if (inPlace !== undefined && !used.has(inPlace) && !reused.includes(inPlace)) {
        used.add(inPlace);
        return sync(doc, inPlace, item);
      }
      // A copy of an existing item (a duplicated section) is made from its node, in its style.
      const twin = old.find((n) => same((n as Node).toJSON(), item));
      return twin ? (twin as Node).clone() : doc.createNode(item);
    });
    // A blank line between items belongs to the list's layout, not to an item: after a move each
    // place keeps the spacing it had, so a section moved into the middle is set off like its
    // neighbours and the first one still follows its key directly. A new last item is spaced
    // like the one before it.
    const spacing = old.map((item) => (item as Node).spaceBefore);
    if (spacing.length > 0) node.items.forEach((item, index) => ((item as Node).spaceBefore = spacing[Math.min(index, spacing.length - 1)]));
    return node;
  }
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    if (node.value !== value) node.value = value;
    return node;
  }
  return doc.createNode(value);
}

/** The YAML text with `data` applied; everything that did not change stays as it was written. */
export function writeYaml(original: string, data: unknown): string {
  const doc = parse(original);
  const before = renderings.map((options) => doc.toString(options));
  doc.contents = sync(doc, doc.contents, data as Json) as unknown as typeof doc.contents;
  const candidates = renderings.map((options, index) => mergeEdit(original, before[index], doc.toString(options)));
  return candidates.reduce((best, next) => (changedLines(original, next) < changedLines(original, best) ? next : best));
}

/** The same for a Markdown file with front matter: the front matter edited, the body replaced. */
export function writeFrontMatter(original: string, data: unknown, body: string): string {
  const parts = splitFrontMatter(original);
  const yaml = writeYaml(parts?.yaml ?? '', data);
  return `---\n${yaml}${yaml.endsWith('\n') ? '' : '\n'}---\n${body}`;
}
