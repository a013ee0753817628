// The review in words: each change of a file (shared/review.ts) said as a person says it — where it
// is ("Home › Hero › Title": the entry's name, the section's type, the field's label, through the
// schema and labelOf like the form), and what happened (old → new, "question added 'How …'",
// "Testimonials moved above FAQ"). An image's changes (address, size, text) are one line with its
// pictures. Pure: the components only lay these lines out.
import type { ChangedFile, DataChange, DataPath } from '../../../shared/review.ts';
import type { Json } from '../api.ts';
import { getIn } from '../data-path.ts';
import { itemName } from '../fields/item-name.ts';
import { labelOf, type Contract, type Resolved } from '../schema.ts';

export type Said =
  /** A value: `before` → `after` (undefined: there was none, or there is none now). */
  | { kind: 'value'; where: string; before: Json | undefined; after: Json | undefined }
  /** An image: its address before and after (undefined: none), and its text for people who cannot see it. */
  | { kind: 'image'; where: string; before?: string; after?: string; alt?: { before?: string; after?: string } }
  /** The Markdown text of an article or document. */
  | { kind: 'text'; where: string; before: string; after: string }
  | { kind: 'sentence'; text: string };

export interface Line {
  said: Said;
  /** The changes (indexes into the file's list) this line tells, discarded together. */
  indexes: number[];
}

const nouns: Record<ChangedFile['kind'], string> = {
  page: 'page',
  article: 'article',
  form: 'form',
  settings: 'site settings',
  redirects: 'redirects',
  document: 'document',
  image: 'image',
  other: 'file',
};

/** The file as a whole: "New page: Pricing", "Removed image: logo.png", or the entry's name when edited. */
export function fileHeading(file: ChangedFile): string {
  const noun = nouns[file.kind];
  const name = file.kind === 'settings' || file.kind === 'redirects' ? '' : `: ${file.title}`;
  if (file.status === 'added') return `New ${noun}${name}`;
  if (file.status === 'deleted') return `Removed ${noun}${name}`;
  return file.title;
}

const quoted = (text: string, max = 60) => `'${text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text}'`;

/** One step of a path through the data and its schema. */
interface Step {
  resolved: Resolved;
  value: Json | undefined;
  /** The words for this step; empty for a page's list of sections (the section's type names it). */
  label: string;
  /** For a list item: the noun for one ("question", "button"), and its name if it has one. */
  noun?: string;
  name?: string;
  isSection?: boolean;
}

export class Describer {
  readonly contract: Contract;
  readonly file: ChangedFile;
  constructor(contract: Contract, file: ChangedFile) {
    this.contract = contract;
    this.file = file;
  }

  private rootStep(data: Json | undefined): Step {
    const resolved = this.contract.root(this.file.kind);
    return { resolved, value: data, label: this.file.title };
  }

  private child(parent: Step, key: string | number, value: Json | undefined): Step {
    const { contract } = this;
    const schema = parent.resolved.schema;
    const raw =
      typeof key === 'number' ? schema.items : (schema.properties?.[key] ?? (key === 'body' ? { title: 'Text' } : {}));
    const plain = contract.resolve(raw ?? {}, parent.resolved.file);
    const resolved = contract.branch(plain, value) ?? plain;
    if (typeof key === 'string') return { resolved, value, label: labelOf(key, resolved.schema) };
    const isSection = Boolean(plain.schema.discriminator);
    const name = itemName(value);
    if (isSection) {
      const type = String((value as Record<string, Json> | null)?.type ?? '');
      const typeName = labelOf(type, resolved.schema);
      // Two sections of one type are told apart by their titles.
      const siblings = Array.isArray(parent.value) ? parent.value : [];
      const twins = siblings.filter((s) => (s as Record<string, Json> | null)?.type === type).length > 1;
      return { resolved, value, label: twins && name ? `${typeName} ${quoted(name, 30)}` : typeName, isSection, name };
    }
    const numbered = labelOf(key, resolved.schema);
    const typeNoun = numbered.replace(/ \d+$/, '');
    const namingKey = ['question', 'title', 'name', 'quote', 'heading'].find(
      (k) => typeof (value as Record<string, Json> | null)?.[k] === 'string',
    );
    const noun =
      typeNoun !== 'Item' || !namingKey
        ? typeNoun
        : labelOf(namingKey, contract.resolve(resolved.schema.properties?.[namingKey] ?? {}, resolved.file).schema);
    return { resolved, value, label: name ? quoted(name, 30) : numbered, noun: noun.toLowerCase(), name };
  }

  /** The steps from the entry down to `path`, through `data` (the data on disk, or the committed data for what is gone). */
  steps(path: DataPath, data: Json | undefined, last?: Json): Step[] {
    const steps = [this.rootStep(data)];
    path.forEach((key, i) => {
      const value = i === path.length - 1 && last !== undefined ? last : getIn(data, path.slice(0, i + 1));
      steps.push(this.child(steps[i], key, value as Json | undefined));
    });
    return steps;
  }

  /** "Home › Hero › Title": the labels of the steps, a page's list of sections left out. */
  where(steps: Step[]): string {
    return steps
      .filter((step, i) => !(steps[i + 1]?.isSection && !step.isSection && i > 0))
      .map((step) => step.label)
      .join(' › ');
  }

  /** Where the image holding `path` is, if any (the object whose schema is the image definition). */
  imageAt(path: DataPath, value: Json | undefined): DataPath | undefined {
    const steps = this.steps(path, this.file.after, value);
    for (let i = steps.length - 1; i > 0; i--) if (steps[i].resolved.def === 'image') return path.slice(0, i);
    return undefined;
  }

  describe(change: DataChange): Said {
    const after = this.file.after;
    if (change.kind === 'body')
      return { kind: 'text', where: `${this.file.title} › Text`, before: change.before, after: change.after };
    if (change.kind === 'set') {
      const steps = this.steps(change.path, after);
      return { kind: 'value', where: this.where(steps), before: change.before, after: change.after };
    }
    const parentPath = change.path.slice(0, -1);
    const last = change.path.at(-1)!;
    const parent = this.steps(parentPath, after);
    const inList = typeof last === 'number';
    if (change.kind === 'moved') {
      const list = (getIn(after, parentPath) as Json[] | undefined) ?? [];
      const at = last as number;
      const name = (i: number) => this.child(parent.at(-1)!, i, list[i]).label;
      const whereTo = at + 1 < list.length ? `above ${name(at + 1)}` : `to the end, below ${name(at - 1)}`;
      const noun = this.child(parent.at(-1)!, at, list[at]).noun;
      return { kind: 'sentence', text: `${this.whereOfList(parent, noun)}: ${name(at)} moved ${whereTo}` };
    }
    const value = change.value;
    const item = this.child(parent.at(-1)!, last, value);
    if (!inList) {
      // A key that came or went: a value from or to nothing.
      return change.kind === 'added'
        ? { kind: 'value', where: this.where([...parent, item]), before: undefined, after: value }
        : { kind: 'value', where: this.where([...parent, item]), before: value, after: undefined };
    }
    if (item.isSection) {
      const named = item.name ? ` ${quoted(item.name)}` : '';
      const type = labelOf(String((value as Record<string, Json> | null)?.type ?? ''), item.resolved.schema);
      return {
        kind: 'sentence',
        text: `${this.whereOfList(parent)} › ${change.kind === 'added' ? 'New' : 'Removed'} section: ${type}${named}`,
      };
    }
    const what = item.name ? `${item.noun} ${change.kind} ${quoted(item.name)}` : `${item.label} ${change.kind}`;
    return { kind: 'sentence', text: `${this.whereOfList(parent, item.noun)}: ${what}` };
  }

  /**
   * Where a list is: its holder's words, with the list's own label only where the item's noun
   * does not say which list it is ("Home › FAQ: question added", "Home › Hero › Meta: item added").
   */
  private whereOfList(steps: Step[], noun?: string): string {
    const list = steps.at(-1)!;
    const items = list.resolved.schema.items;
    const isSections = Boolean(items && this.contract.resolve(items, list.resolved.file).schema.discriminator);
    return isSections || (noun && noun !== 'item' && steps.length > 1)
      ? this.where(steps.slice(0, -1))
      : this.where(steps);
  }
}

/** The file's changes as lines: an image's changes gathered into one line with its pictures. */
export function describeFile(contract: Contract, file: ChangedFile): Line[] {
  const describer = new Describer(contract, file);
  const lines: Line[] = [];
  const images = new Map<string, Line>();
  file.changes.forEach((change, index) => {
    const image =
      change.kind === 'body' || change.kind === 'moved'
        ? undefined
        : describer.imageAt(change.path, change.kind === 'removed' ? change.value : undefined);
    if (!image || change.kind === 'body' || change.kind === 'moved') {
      lines.push({ said: describer.describe(change), indexes: [index] });
      return;
    }
    const key = JSON.stringify(image);
    let line = images.get(key);
    const current = getIn(file.after, image) as Record<string, Json> | undefined;
    if (!line) {
      const src = typeof current?.src === 'string' ? current.src : undefined;
      const alt = typeof current?.alt === 'string' ? current.alt : undefined;
      line = {
        said: { kind: 'image', where: describer.where(describer.steps(image, file.after)), before: src, after: src },
        indexes: [],
      };
      if (alt !== undefined && line.said.kind === 'image') line.said.alt = { before: alt, after: alt };
      images.set(key, line);
      lines.push(line);
    }
    line.indexes.push(index);
    const said = line.said as Extract<Said, { kind: 'image' }>;
    const rest = change.path.slice(image.length);
    const whole = rest.length === 0;
    const old = change.kind === 'set' ? change.before : change.kind === 'removed' ? change.value : undefined;
    const oldImage = (whole ? old : undefined) as Record<string, Json> | undefined;
    if (whole && change.kind === 'added') said.before = undefined;
    if (whole && change.kind === 'removed') {
      said.after = undefined;
      said.before = typeof oldImage?.src === 'string' ? oldImage.src : undefined;
      said.alt = { before: typeof oldImage?.alt === 'string' ? oldImage.alt : undefined };
    }
    if (rest[0] === 'src') said.before = typeof old === 'string' ? old : undefined;
    if (rest[0] === 'alt') said.alt = { ...said.alt, before: typeof old === 'string' ? old : undefined };
  });
  return lines;
}
