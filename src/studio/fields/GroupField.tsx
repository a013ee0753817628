// A group of fields (an object in the schema): each of its fields in the schema's order, under its
// label, with the group's help and its own error. Fields the schema marks `technical` (ids, image
// sizes) sit folded under "Details", still editable (an empty anchor name can be made from the
// group's title); the fold opens by itself when one of them has a problem or is the field to bring
// into view.
import { Button, Fieldset, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { slugOf } from '../../../shared/slug.ts';
import { wordsFrom } from '../../../shared/words-from.ts';
import type { DataPath, Json } from '../api.ts';
import { startsWith } from '../data-path.ts';
import { helpOf, type Resolved, type Schema } from '../schema.ts';
import { recordOf, useForm, type KindProps } from './form-context.ts';

/** Every field of an object schema, in the schema's order (`skip`: fields shown elsewhere). */
export function ObjectFields({
  resolved,
  value,
  path,
  skip = [],
}: {
  resolved: Resolved;
  value: Json | undefined;
  path: DataPath;
  skip?: string[];
}) {
  const form = useForm();
  const record = recordOf(value);
  const required = new Set(resolved.schema.required ?? []);
  // The group's example: its fields' placeholders when they are empty.
  const example = recordOf(resolved.schema.examples?.[0] as Json | undefined);
  // A fixed value (a section's type) is no field to fill in: the group's legend names it.
  const fields = Object.entries(resolved.schema.properties ?? {}).filter(
    ([name, schema]) => !skip.includes(name) && form.contract.resolve(schema, resolved.file).schema.const === undefined,
  );
  // Fields whose words come from another of the group's fields: chosen in that field's text.
  const sources = new Map(
    (wordsFrom[String(record.type)] ?? []).map(({ field, from }) => [field, String(record[from] ?? '')]),
  );
  const technical = (schema: Schema) => form.contract.resolve(schema, resolved.file).schema.technical === true;
  const field = ([name, schema]: [string, Schema]) => (
    <form.Field
      key={name}
      name={name}
      schema={schema}
      file={resolved.file}
      value={record[name]}
      path={[...path, name]}
      required={required.has(name)}
      example={example[name]}
      source={sources.get(name)}
    />
  );
  const details = fields.filter(([, schema]) => technical(schema));
  return (
    <Stack gap="sm">
      {fields.filter(([, schema]) => !technical(schema)).map(field)}
      {details.length > 0 && (
        <Details paths={details.map(([name]) => [...path, name])}>
          {details.map((entry) => (
            <Stack key={entry[0]} gap={4}>
              {field(entry)}
              {record[entry[0]] === undefined && typeof record.title === 'string' && (
                <FromTitle title={record.title} schema={entry[1]} file={resolved.file} path={[...path, entry[0]]} />
              )}
            </Stack>
          ))}
        </Details>
      )}
    </Stack>
  );
}

/** For an empty technical text (a section's anchor name): a button that makes it from the group's title. */
function FromTitle({ title, schema, file, path }: { title: string; schema: Schema; file: string; path: DataPath }) {
  const form = useForm();
  const { schema: own } = form.contract.resolve(schema, file);
  const slug = slugOf(title);
  if (own.type !== 'string' || !slug || (own.pattern && !new RegExp(own.pattern).test(slug))) return null;
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      style={{ alignSelf: 'flex-start' }}
      onClick={() => form.onChange(path, slug)}
    >
      Make it from the title: {slug}
    </Button>
  );
}

/** The technical fields of a group, folded; open while one of them has a problem or is being shown. */
function Details({ paths, children }: { paths: DataPath[]; children: ReactNode }) {
  const { errors, reveal } = useForm();
  const [open, setOpen] = useState(false);
  const wanted =
    paths.some((p) => errors.some((e) => startsWith(e.at, p))) ||
    (reveal !== undefined && paths.some((p) => startsWith(reveal, p)));
  const shown = open || wanted;
  return (
    <div>
      <UnstyledButton
        onClick={() => setOpen(!shown)}
        aria-expanded={shown}
        disabled={wanted}
        style={{ display: 'flex', alignItems: 'center', gap: 4, fontSize: 13, color: 'var(--mantine-color-dimmed)' }}
      >
        {shown ? <IconChevronDown size={14} aria-hidden="true" /> : <IconChevronRight size={14} aria-hidden="true" />}
        Details
      </UnstyledButton>
      {shown && (
        <Stack gap="sm" mt="xs">
          {children}
        </Stack>
      )}
    </div>
  );
}

export function GroupField({ resolved, label, value, path, error }: KindProps) {
  return (
    <Fieldset legend={label}>
      {helpOf(resolved.schema) && (
        <Text size="xs" c="dimmed" mb="xs">
          {helpOf(resolved.schema)}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red" mb="xs">
          {error}
        </Text>
      )}
      <ObjectFields resolved={resolved} value={value ?? null} path={path} />
    </Fieldset>
  );
}
