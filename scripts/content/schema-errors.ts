// Turns Ajv's errors into messages a marketer can act on: where (counted from one, named the way
// people name things), what is wrong, and the fix; for a group or list, the fields it expects and
// a short example. One cause gives one error (one-cause-one-error.ts).
import type { ErrorObject } from 'ajv';
import { stringify } from 'yaml';
import { missingFieldMessage } from '../../shared/content-error.ts';
import { codePoint, visible, type ContentError } from './errors.ts';
import { mergedLists } from './merged-lists.ts';
import { oneCauseOneError, type Described } from './one-cause-one-error.ts';
import { describePosition, itemName } from './positions.ts';
import { shapeOf, type Shape } from './shapes.ts';
import { didYouMean } from './suggest.ts';
import { locate, sourceText, type DataPath, type YamlSource } from './yaml-source.ts';

function toPath(pointer: string): DataPath {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const kindOfValue = (value: unknown): string =>
  value === null
    ? 'empty'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'a group of fields'
        : typeof value === 'boolean'
          ? `the yes/no value ${value}`
          : typeof value === 'number'
            ? `the number ${value}`
            : 'text';

const expected: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
};

// `a "value" and a "label"`, `a "title" and "links"`, `an "icon"`.
const withArticle = (name: string) =>
  name.endsWith('s') ? `"${name}"` : `${/^[aeiou]/i.test(name) ? 'an' : 'a'} "${name}"`;
const quoteList = (names: string[]) =>
  names
    .map(withArticle)
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');

/** "Each option needs a "value" and a "label", for example:" and the example, indented under the message. */
function whatItNeeds(shape: Shape, subject: string, asList: boolean): string {
  const fields = shape.required.length ? shape.required : Object.keys(shape.properties);
  if (!fields.length) return '';
  const verb = shape.required.length ? 'needs' : 'takes';
  const example =
    shape.example === undefined
      ? ''
      : `, for example:\n${stringify(asList ? [shape.example] : shape.example, { lineWidth: 100 })
          .trimEnd()
          .replace(/^/gm, '    ')}`;
  return ` ${subject} ${verb} ${quoteList(fields)}${example || '.'}`;
}

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators.
const controls = /[\p{Cc}\u2028\u2029]/u;
const lineBreaks = /[\n\r\v\f\u0085\u2028\u2029]/;

/** "holds a line break after "Our serv". " for the first invisible character in `text`, or nothing. */
function controlCharacter(text: string): string {
  const index = text.search(controls);
  if (index < 0) return '';
  const c = text[index];
  const what = lineBreaks.test(c)
    ? 'a line break'
    : c === '\t'
      ? 'a tab'
      : `an invisible control character (${codePoint(c)})`;
  const before = text.slice(0, index).trimStart();
  // A block written with > or | keeps the line break at its end: the usual way a title gets one.
  if (what === 'a line break' && index === text.length - 1)
    return `holds a line break at its end (a block started with > or | keeps one). `;
  return `holds ${what} ${before ? `after "${visible(before.length > 30 ? `…${before.slice(-30)}` : before)}"` : 'at its start'}. `;
}

function describe(error: ErrorObject, source: YamlSource, sectionTypes: string[]): Described {
  const path = toPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const schema = (error.parentSchema ?? {}) as {
    title?: string;
    description?: string;
    properties?: Record<string, unknown>;
    items?: unknown;
  };
  switch (error.keyword) {
    case 'required':
      return {
        path,
        at: [...path, String(params.missingProperty)],
        message: missingFieldMessage(String(params.missingProperty)),
      };
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const known = Object.keys(schema.properties ?? {});
      return {
        path: [...path, key],
        atKey: true,
        message: `unknown field "${key}".${didYouMean(key, known) || ` Allowed fields: ${known.join(', ')}.`}`,
      };
    }
    case 'discriminator': {
      if (params.error === 'mapping') {
        const value = String(params.tagValue);
        return {
          path: [...path, 'type'],
          message: `unknown section type "${value}".${didYouMean(value, sectionTypes) || ` Known types: ${sectionTypes.join(', ')}.`}`,
        };
      }
      return {
        path,
        at: [...path, 'type'],
        message: `missing required field "type" (one of: ${sectionTypes.join(', ')}).`,
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      // The section union lists its types for editors; report it as the discriminator does (the
      // same message, so the two are said once). Told by its values, as its title is for people.
      if (allowed.length === sectionTypes.length && allowed.every((type) => sectionTypes.includes(type)))
        return {
          path,
          message: `unknown section type "${error.data}".${didYouMean(String(error.data), allowed) || ` Known types: ${allowed.join(', ')}.`}`,
        };
      const value = String(error.data);
      const what = schema.title === 'IconName' ? 'icon' : 'value';
      const hint = didYouMean(value, allowed) || (allowed.length <= 12 ? ` Choose one of: ${allowed.join(', ')}.` : '');
      return { path, message: `unknown ${what} "${value}".${hint}` };
    }
    case 'const':
      return { path, message: `must be "${params.allowedValue}".` };
    case 'type': {
      const wanted = String(params.type)
        .split(',')
        .map((t) => expected[t] ?? t)
        .join(' or ');
      const written = sourceText(source, path);
      const quote =
        wanted === 'text' && written !== undefined && typeof error.data !== 'object'
          ? ` Put it in quotes if you mean the text: "${written}".`
          : '';
      // A group or a list of groups: say which fields it wants, with an example.
      const last = path.at(-1);
      const isItem = typeof last === 'number';
      const name = isItem ? itemName(path.at(-2)) : typeof last === 'string' ? `"${last}"` : 'It';
      let needs = '';
      if (params.type === 'object') {
        const shape = shapeOf(schema);
        if (shape) needs = whatItNeeds(shape, isItem ? `Each ${name}` : 'It', false);
      } else if (params.type === 'array' && schema.items) {
        const shape = shapeOf(schema.items);
        if (shape) needs = whatItNeeds(shape, `Each ${typeof last === 'string' ? itemName(last) : 'item'}`, true);
      }
      return { path, message: `must be ${wanted}, but it is ${kindOfValue(error.data)}.${quote}${needs}` };
    }
    case 'minLength':
      return {
        path,
        message:
          Number(params.limit) === 1
            ? 'must not be empty.'
            : `must be at least ${params.limit} characters long (it has ${String(error.data).length}).`,
      };
    case 'maxLength':
      return {
        path,
        message: `must be at most ${params.limit} characters long (it has ${String(error.data).length}).`,
      };
    case 'minItems': {
      const last = path.at(-1);
      const item = typeof last === 'string' ? itemName(last) : 'item';
      const shape = shapeOf(schema.items);
      const needs = shape ? whatItNeeds(shape, `Each ${item}`, true) : '';
      return { path, message: `needs at least ${params.limit} ${item}${params.limit === 1 ? '' : 's'}.${needs}` };
    }
    case 'maxItems':
      return { path, message: `can hold at most ${params.limit} items (it has ${(error.data as unknown[]).length}).` };
    case 'minimum':
    case 'maximum':
      return { path, message: `must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${params.limit}.` };
    case 'pattern': {
      // The schema's own words for the rule (the editor shows the same sentence), never the regex.
      const own = (error.parentSchema as { patternErrorMessage?: unknown } | undefined)?.patternErrorMessage;
      if (typeof own === 'string') return { path, message: `${controlCharacter(String(error.data))}${own}` };
      return {
        path,
        message: `"${visible(String(error.data))}" is not valid here. ${schema.description ?? 'Check how it is written.'}`,
      };
    }
    case 'format':
      return {
        path,
        message: `"${visible(String(error.data))}" is not valid here. ${schema.description ?? `Expected ${params.format}.`}`,
      };
    case 'exactlyOneOf': {
      const names = (params.names as string[]).map((n) => `"${n}"`).join(', ');
      const present = params.present as string[];
      return {
        path,
        message: present.length
          ? `give only one of ${names}, not ${present.join(' and ')}.`
          : `needs one of ${names}: where the button leads or what it does.`,
      };
    }
    default:
      return { path, message: `${error.message ?? 'is not valid'}.` };
  }
}

export function schemaErrors(
  errors: ErrorObject[],
  source: YamlSource,
  sectionTypes: string[],
  data: unknown = source.doc.toJS(),
  /** The file kind's schema: with it, items that joined the list above theirs are said once (merged-lists.ts). */
  rootSchema?: unknown,
): ContentError[] {
  const seen = new Set<string>();
  const { merged, rest } = mergedLists(errors, source, data, rootSchema);
  const described: Described[] = [...merged];
  for (const error of rest) {
    const d = describe(error, source, sectionTypes);
    const key = `${d.path.join('/')}|${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    described.push(d);
  }
  return oneCauseOneError(described).map(({ path, message, atKey, at }) => ({
    file: source.file,
    ...locate(source, path, { key: atKey }),
    path: describePosition(path, data),
    message,
    at: [...(at ?? path)],
  }));
}
