// Parses one YAML text and remembers where every node came from, so any error found later
// (by the schema or by a cross-reference check) can point at an exact line and column.
import { isMap, isScalar, LineCounter, parseDocument, type Document, type DocumentOptions, type Node, type ParseOptions, type SchemaOptions } from 'yaml';
import type { ContentError } from './errors.ts';

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

export function parseYaml(file: string, text: string, lineOffset = 0): { source: YamlSource; data: unknown; errors: ContentError[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { ...parseOptions, lineCounter });
  const source: YamlSource = { file, text, doc, lineCounter, lineOffset };
  const errors = [...doc.errors, ...doc.warnings].map((error) => {
    let { line, col } = error.linePos?.[0] ?? { line: 1, col: 1 };
    let message = error.message.split('\n')[0].replace(/ at line \d+, column \d+.*$/, '');
    // The parser notices an unclosed quote only at the end of the file; the useful place to
    // point at is the opening quote, which is the last quote character before that point.
    if (error.code === 'MISSING_CHAR' && /quote/.test(message)) {
      const opening = Math.max(text.lastIndexOf('"', error.pos[0] - 1), text.lastIndexOf("'", error.pos[0] - 1));
      if (opening >= 0) ({ line, col } = lineCounter.linePos(opening));
      message = 'this quoted text is never closed. Add the closing quote at its end.';
    }
    return { file, line: line + lineOffset, col, path: '', message: `YAML syntax: ${message}` };
  });
  return { source, data: errors.length ? undefined : doc.toJS(), errors };
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
