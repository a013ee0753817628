// Turns Ajv's errors into messages a marketer can act on: the path, what is wrong, and a fix.
import type { ErrorObject } from 'ajv';
import type { ContentError } from './errors.ts';
import { didYouMean } from './suggest.ts';
import { formatPath, locate, sourceText, type DataPath, type YamlSource } from './yaml-source.ts';

function toPath(pointer: string): DataPath {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const kindOfValue = (value: unknown): string =>
  value === null ? 'empty' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'a group of fields' : typeof value === 'boolean' ? `the yes/no value ${value}` : typeof value === 'number' ? `the number ${value}` : 'text';

const expected: Record<string, string> = { string: 'text', number: 'a number', integer: 'a whole number', boolean: 'true or false', array: 'a list', object: 'a group of fields' };

interface Described {
  message: string;
  path: DataPath;
  atKey?: boolean;
}

function describe(error: ErrorObject, source: YamlSource, sectionTypes: string[]): Described {
  const path = toPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const schema = (error.parentSchema ?? {}) as { title?: string; description?: string; properties?: Record<string, unknown> };
  switch (error.keyword) {
    case 'required':
      return { path, message: `missing required field "${params.missingProperty}".` };
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const known = Object.keys(schema.properties ?? {});
      return { path: [...path, key], atKey: true, message: `unknown field "${key}".${didYouMean(key, known) || ` Allowed fields: ${known.join(', ')}.`}` };
    }
    case 'discriminator': {
      if (params.error === 'mapping') {
        const value = String(params.tagValue);
        return { path: [...path, 'type'], message: `unknown section type "${value}".${didYouMean(value, sectionTypes) || ` Known types: ${sectionTypes.join(', ')}.`}` };
      }
      return { path, message: `missing required field "type" (one of: ${sectionTypes.join(', ')}).` };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      // The section union lists its types for editors; report it as the discriminator does.
      if (schema.title === 'SectionType') return { path, message: `unknown section type "${error.data}".${didYouMean(String(error.data), allowed) || ` Known types: ${allowed.join(', ')}.`}` };
      const value = String(error.data);
      const what = schema.title === 'IconName' ? 'icon' : 'value';
      const hint = didYouMean(value, allowed) || (allowed.length <= 12 ? ` Choose one of: ${allowed.join(', ')}.` : '');
      return { path, message: `unknown ${what} "${value}".${hint}` };
    }
    case 'const':
      return { path, message: `must be "${params.allowedValue}".` };
    case 'type': {
      const wanted = String(params.type).split(',').map((t) => expected[t] ?? t).join(' or ');
      const written = sourceText(source, path);
      const quote = wanted === 'text' && written !== undefined && typeof error.data !== 'object' ? ` Put it in quotes if you mean the text: "${written}".` : '';
      return { path, message: `must be ${wanted}, but it is ${kindOfValue(error.data)}.${quote}` };
    }
    case 'minLength':
      return { path, message: Number(params.limit) === 1 ? 'must not be empty.' : `must be at least ${params.limit} characters long (it has ${String(error.data).length}).` };
    case 'maxLength':
      return { path, message: `must be at most ${params.limit} characters long (it has ${String(error.data).length}).` };
    case 'minItems':
      return { path, message: `needs at least ${params.limit} item${params.limit === 1 ? '' : 's'}.` };
    case 'maxItems':
      return { path, message: `can hold at most ${params.limit} items (it has ${(error.data as unknown[]).length}).` };
    case 'minimum':
    case 'maximum':
      return { path, message: `must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${params.limit}.` };
    case 'pattern':
    case 'format':
      return { path, message: `"${String(error.data)}" is not valid here. ${schema.description ?? `Expected ${params.format ?? params.pattern}.`}` };
    case 'exactlyOneOf': {
      const names = (params.names as string[]).map((n) => `"${n}"`).join(', ');
      const present = params.present as string[];
      return { path, message: present.length ? `give only one of ${names}, not ${present.join(' and ')}.` : `needs one of ${names}: where the button leads or what it does.` };
    }
    default:
      return { path, message: `${error.message ?? 'is not valid'}.` };
  }
}

export function schemaErrors(errors: ErrorObject[], source: YamlSource, sectionTypes: string[]): ContentError[] {
  const seen = new Set<string>();
  const out: ContentError[] = [];
  for (const error of errors) {
    const { path, message, atKey } = describe(error, source, sectionTypes);
    const key = `${formatPath(path)}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ file: source.file, ...locate(source, path, { key: atKey }), path: formatPath(path), message });
  }
  return out;
}
