// Words of the trade: every field of every schema has a human title, and that title is the label
// the studio shows for it; every section type has a human name. Walks the schemas as the tools
// read them (sections composed, so the `type` and shared fields every section gets are covered).
import { describe, expect, it } from 'vitest';
import { eachSchema } from '../../scripts/content/schema-check.ts';
import { composedSchemas, sectionSchemas, sectionTypes } from '../../scripts/content/schemas.ts';
import { Contract, labelOf, type Schema } from '../../src/studio/schema.ts';

const schemas = composedSchemas();
const studio = new Contract(Object.fromEntries(schemas) as Record<string, Record<string, unknown>>, sectionTypes());

/** Every field (a schema under `properties`) of every schema file, with where it is. */
function everyField(): { file: string; at: string; name: string; field: Schema }[] {
  const fields: { file: string; at: string; name: string; field: Schema }[] = [];
  for (const [file, schema] of schemas)
    eachSchema(schema, (node, path, parent) => {
      if (parent === 'properties')
        fields.push({ file, at: path.join('/'), name: String(path.at(-1)), field: node as Schema });
    });
  return fields;
}

describe('human titles', () => {
  it('every field of every schema has one', () => {
    const fields = everyField();
    expect(fields.length).toBeGreaterThan(100);
    const missing = fields
      .filter(({ field }) => typeof field.title !== 'string' || !field.title.trim())
      .map(({ file, at }) => `${file}#/${at}`);
    expect(missing).toEqual([]);
  });

  it("the studio's label of every field is its title, not its key", () => {
    const wrong = everyField()
      .map(({ file, at, name, field }) => ({
        where: `${file}#/${at}`,
        title: field.title,
        label: labelOf(name, studio.resolve(field, file).schema),
      }))
      .filter(({ title, label }) => label !== title);
    expect(wrong).toEqual([]);
  });

  it('every section type has a human name of its own, shown in full by the studio', () => {
    const { sections } = sectionSchemas();
    const names = sectionTypes().map((type) => String(sections[type]!.title));
    for (const [index, type] of sectionTypes().entries()) {
      expect(names[index], type).not.toBe(type);
      expect(studio.section(type)?.schema.title, type).toBe(names[index]);
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it('technical fields are marked in the schema, each with a title', () => {
    const technical = everyField().filter(({ field }) => field.technical === true);
    // At least the ids and image sizes the studio tucks away.
    expect(technical.map(({ at }) => at)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/sectionFields\/properties\/id$/),
        expect.stringMatching(/image\/properties\/width$/),
        expect.stringMatching(/image\/properties\/height$/),
      ]),
    );
  });
});
