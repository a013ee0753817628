// Parses one YAML text and remembers where every node came from, so any error found later
// (by the schema or by a cross-reference check) can point at an exact line and column.
import {
  isMap,
  isScalar,
  LineCounter,
  parseDocument,
  type Document,
  type DocumentOptions,
  type Node,
  type ParseOptions,
  type SchemaOptions,
} from 'yaml';
import type { ContentError } from './errors.ts';
import { textReadAsSyntax, explainSyntax, type Slip } from './yaml-slips.ts';

export type DataPath = ReadonlyArray<string | number>;

export interface YamlSource {
  /** Path relative to the project root, as shown in error messages. */
  file: string;
  text: string;
  doc: Document;
  lineCounter: LineCounter;
  /** Lines before this YAML inside its file (the opening `---` of a Markdown front matter). */
  lineOffset: number;
}

export interface Position {
  line: number;
  col: number;
}

// YAML 1.1 so that yes/no/on/off become booleans: a marketer who writes `answer: no` gets an error
// asking for quotes instead of a silent surprise in some other YAML tool. Timestamps stay text.
export const parseOptions: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.1',
  customTags: (tags) => tags.filter((tag) => typeof tag === 'string' || tag.tag !== 'tag:yaml.org,2002:timestamp'),
  prettyErrors: true,
  uniqueKeys: true,
};

/**
 * Parses one YAML text. A text YAML cannot read gives exactly one error, the slip behind it in
 * plain words (yaml-slips.ts); the parser's own messages never reach a person. `data` is
 * undefined then, and null for a file with no fields at all (empty, only comments or `---`).
 */
export function parseYaml(
  file: string,
  text: string,
  lineOffset = 0,
): { source: YamlSource; data: unknown; errors: ContentError[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { ...parseOptions, lineCounter });
  const source: YamlSource = { file, text, doc, lineCounter, lineOffset };
  const problems = [...doc.errors, ...doc.warnings];
  const fail = (slip: Slip) => ({
    source,
    data: undefined,
    errors: [{ file, line: slip.line + lineOffset, col: slip.col, path: '', message: slip.message }],
  });
  if (problems.length) return fail(explainSyntax(text, problems));
  const comment = textReadAsSyntax(text);
  if (comment) return fail(comment);
  try {
    return { source, data: doc.toJS(), errors: [] };
  } catch {
    // `*word` refers to a value named `&word` elsewhere; unnamed, the parser gives up only here.
    return fail(explainSyntax(text, [{ code: 'BAD_ALIAS', linePos: undefined }]));
  }
}

function nodeAt(source: YamlSource, path: DataPath): Node | undefined {
  const node = path.length === 0 ? source.doc.contents : source.doc.getIn(path, true);
  return (node ?? undefined) as Node | undefined;
}

/** Where a value sits; `key: true` points at the key that holds it instead (for unknown keys). */
export function locate(source: YamlSource, path: DataPath, options: { key?: boolean } = {}): Position {
  let offset: number | undefined;
  if (options.key && path.length > 0) {
    const parent = nodeAt(source, path.slice(0, -1));
    if (isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === path[path.length - 1]);
      offset = (pair?.key as Node | undefined)?.range?.[0];
    }
  }
  // Walk up until a node exists: a missing value is reported where its parent is.
  for (let depth = path.length; offset === undefined && depth >= 0; depth--) {
    offset = nodeAt(source, path.slice(0, depth))?.range?.[0];
  }
  const { line, col } = source.lineCounter.linePos(offset ?? 0);
  return { line: line + source.lineOffset, col };
}

/** The value exactly as written in the file, for messages such as `put it in quotes: "no"`. */
export function sourceText(source: YamlSource, path: DataPath): string | undefined {
  const range = nodeAt(source, path)?.range;
  return range ? source.text.slice(range[0], range[1]) : undefined;
}
