// A group of fields (an object in the schema): each of its fields in the schema's order, under its
// label, with the group's help and its own error.
import { Fieldset, Stack, Text } from '@mantine/core';
import type { DataPath, Json } from '../api.ts';
import type { Resolved } from '../schema.ts';
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
  const { Field } = useForm();
  const record = recordOf(value);
  const required = new Set(resolved.schema.required ?? []);
  return (
    <Stack gap="sm">
      {Object.entries(resolved.schema.properties ?? {})
        .filter(([name]) => !skip.includes(name))
        .map(([name, schema]) => (
          <Field
            key={name}
            name={name}
            schema={schema}
            file={resolved.file}
            value={record[name]}
            path={[...path, name]}
            required={required.has(name)}
          />
        ))}
    </Stack>
  );
}

export function GroupField({ resolved, label, value, path, error }: KindProps) {
  return (
    <Fieldset legend={label}>
      {resolved.schema.description && (
        <Text size="xs" c="dimmed" mb="xs">
          {resolved.schema.description}
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
