// The fixture site is the engine tests' content: it must stay valid and use every section type,
// every field and every listed choice the schema declares, so that a schema addition without a
// fixture use fails here rather than going untested in the browser.
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { composedSchemas, sectionSchemas, sectionTypes } from '../../scripts/content/schemas.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { fieldPaths, usedPaths } from '../fixtures/section-schema.ts';

type Json = Record<string, unknown>;

/** Every property name and every enum value (but icons) declared anywhere in schema/. */
function declared() {
  const names = new Set<string>();
  const choices = new Set<string>();
  const walk = (node: unknown, key: string) => {
    if (!node || typeof node !== 'object') return;
    const schema = node as Json;
    for (const name of Object.keys((schema.properties as Json | undefined) ?? {})) names.add(name);
    if (Array.isArray(schema.enum) && key !== 'icon' && !key.endsWith('Icon'))
      for (const value of schema.enum) choices.add(String(value));
    for (const [child, value] of Object.entries(schema))
      walk(value, child === 'properties' || child === '$defs' ? key : child);
    if (schema.properties) for (const [name, value] of Object.entries(schema.properties as Json)) walk(value, name);
    if (schema.$defs) for (const [name, value] of Object.entries(schema.$defs as Json)) walk(value, name);
  };
  for (const [file, schema] of composedSchemas()) walk(schema, file);
  return { names, choices };
}

/** Every key and every text/number value used in the data. */
function used(data: unknown, keys = new Set<string>(), values = new Set<string>()) {
  if (Array.isArray(data)) data.forEach((item) => used(item, keys, values));
  else if (data && typeof data === 'object')
    for (const [key, value] of Object.entries(data)) {
      keys.add(key);
      used(value, keys, values);
    }
  else if (data !== undefined && data !== null) values.add(String(data));
  return { keys, values };
}

describe('the fixture site', async () => {
  // With its draft page, which the production build leaves out.
  const model = (await loadSite({ root: fixtureSiteRoot, includeDrafts: true })).model!;

  it('is valid, without warnings', async () => {
    const result = await loadSite({ root: fixtureSiteRoot });
    expect(result.errors.map(formatError)).toEqual([]);
    expect(result.warnings.map(formatError)).toEqual([]);
  });

  it('uses every section type, each with every field of its own, in its lists and groups too', () => {
    const sections = model.pages.flatMap((page) => page.sections) as unknown as Json[];
    // Fields every type shares (title, background, …) are drawn by one frame: one use is enough.
    const shared = Object.keys(sectionSchemas().sharedFields);
    const missing = sectionTypes().flatMap((type) => {
      const ofType = sections.filter((section) => section.type === type);
      if (!ofType.length)
        return [`section type "${type}": no page of tests/fixture-site uses it (docs/sections.md, step 5)`];
      const used = usedPaths(ofType);
      return fieldPaths(type)
        .filter((field) => !shared.includes(field) && !used.has(`[].${field}`))
        .map((field) => `section type "${type}", field ${field}: no "${type}" section of tests/fixture-site uses it`);
    });
    expect(missing).toEqual([]);
  });

  it('uses every field and every listed choice (but icons) of every schema somewhere', async () => {
    const { names, choices } = declared();
    const data = used([model.settings, model.pages, model.forms, { redirects: model.redirects }, model.articles]);
    expect(
      [...names].filter((name) => !data.keys.has(name)),
      'fields no fixture file uses',
    ).toEqual([]);
    expect(
      [...choices].filter((choice) => !data.values.has(choice)),
      'choices no fixture file uses',
    ).toEqual([]);
  });
});
