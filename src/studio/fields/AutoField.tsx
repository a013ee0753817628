// The one field dispatcher (Puck's AutoField): a field's kind is read from its schema — a fixed
// value, an icon, an image, a choice, a switch, a number, a list, a group, an internal link, text —
// and rendered by that kind's component. Kinds are chosen by a shared definition's name in
// common.schema.json or the JSON type, never by section type, so a new section type needs nothing here.
import { memo, type ComponentType } from 'react';
import type { Json } from '../api.ts';
import { samePath } from '../data-path.ts';
import { helpOf, labelOf, typeOf, type Resolved } from '../schema.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { errorAt, useForm, type FieldProps, type KindProps } from './form-context.ts';
import { GroupField } from './GroupField.tsx';
import { IconField } from './IconField.tsx';
import { ImageField } from './ImageField.tsx';
import { JsonField } from './JsonField.tsx';
import { LinkField } from './LinkField.tsx';
import { ListField } from './ListField.tsx';
import { NumberField } from './NumberField.tsx';
import { SwitchField } from './SwitchField.tsx';
import { ConstField, TextField } from './TextField.tsx';
import { WordsField } from './WordsField.tsx';
import { FieldNotes } from '../team-review/FieldNotes.tsx';

const kinds = {
  const: ConstField,
  icon: IconField,
  image: ImageField,
  choice: ChoiceField,
  switch: SwitchField,
  number: NumberField,
  list: ListField,
  group: GroupField,
  link: LinkField,
  text: TextField,
  json: JsonField,
} satisfies Record<string, ComponentType<KindProps>>;

function fieldComponentKind({ schema, def }: Resolved): keyof typeof kinds {
  if (schema.const !== undefined) return 'const';
  if (def === 'icon' && schema.enum) return 'icon';
  if (def === 'image' && typeOf(schema) === 'object') return 'image';
  if (schema.enum) return 'choice';
  switch (typeOf(schema)) {
    case 'boolean':
      return 'switch';
    case 'number':
    case 'integer':
      return 'number';
    case 'array':
      return 'list';
    case 'object':
      return 'group';
    case 'string':
      return def === 'internalPath' ? 'link' : 'text';
    default:
      return 'json';
  }
}

/**
 * An example as an input's placeholder: the field's own example, else what it has when left empty
 * (the words of the site's own parts), else its group's; text and numbers only.
 */
function placeholderOf(own: unknown, fromGroup: unknown): string | undefined {
  const sample = own ?? fromGroup;
  return typeof sample === 'string' || typeof sample === 'number' ? String(sample) : undefined;
}

function FieldView({ name, schema, file, value, path, required, example, source }: FieldProps) {
  const form = useForm();
  const plain = form.contract.resolve(schema, file);
  const resolved = form.contract.branch(plain, value) ?? plain;
  const label = labelOf(name, resolved.schema);
  const error = errorAt(form.errors, path);
  const common = {
    label,
    description: helpOf(resolved.schema),
    required,
    error,
    placeholder: placeholderOf(resolved.schema.examples?.[0] ?? resolved.schema.default, example),
    'data-path': JSON.stringify(path),
  };
  const set = (next: Json | undefined) => form.onChange(path, next === '' && !required ? undefined : next);
  const notes = <FieldNotes path={path} />;
  if (source !== undefined)
    return (
      <>
        <WordsField
          resolved={resolved}
          name={name}
          label={label}
          value={value}
          path={path}
          required={required}
          error={error}
          common={common}
          set={set}
          source={source}
        />
        {notes}
      </>
    );
  const Kind = kinds[fieldComponentKind(resolved)];
  return (
    <>
      <Kind
        resolved={resolved}
        name={name}
        label={label}
        value={value}
        path={path}
        required={required}
        error={error}
        common={common}
        set={set}
      />
      {notes}
    </>
  );
}

/**
 * One field and everything under it. An edit replaces only the values on its path (data-path.ts),
 * so a field whose value is the same object as before has nothing new to show: it is skipped,
 * which keeps a keystroke from re-rendering the whole form.
 */
export const AutoField = memo(
  FieldView,
  (a, b) =>
    a.value === b.value &&
    a.schema === b.schema &&
    a.name === b.name &&
    a.file === b.file &&
    a.required === b.required &&
    a.source === b.source &&
    samePath(a.path, b.path),
);
