// Forms generated from the schema, never written per section type: labels come from the field
// names and help from the schema's descriptions, enums become selects, booleans switches, lists get add, remove
// and reorder (buttons, a drag handle that the keyboard moves too). A few shared definitions get a
// better widget (icon, image, internal link), chosen by the definition's name in
// common.schema.json, so a new section type needs nothing here.
import { ActionIcon, Autocomplete, Button, Fieldset, Group, NumberInput, Paper, Select, Stack, Switch, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { arrayMove } from '@dnd-kit/sortable';
import { IconArrowDown, IconArrowUp, IconChevronDown, IconChevronRight, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { createContext, memo, useContext, useEffect, useState, type ReactNode } from 'react';
import { icons } from '../components/icons.tsx';
import type { DataPath, FieldError, Json } from './api.ts';
import { samePath, startsWith, withCopyAfter } from './data-path.ts';
import { ImageField } from './ImageField.tsx';
import { SortableList } from './SortableList.tsx';
import { labelOf, newValue, typeOf, type Contract, type Resolved, type Schema } from './schema.ts';

export interface FormContextValue {
  contract: Contract;
  routes: string[];
  images: string[];
  errors: FieldError[];
  onChange: (path: DataPath, value: Json | undefined) => void;
  onImageUploaded: (src: string) => void;
  /** A field to bring into view (clicked in the preview): the list items holding it open. */
  reveal?: DataPath;
}

export const FormContext = createContext<FormContextValue | null>(null);
const useForm = () => useContext(FormContext)!;

const errorAt = (errors: FieldError[], path: DataPath) => errors.filter((e) => samePath(e.at, path)).map((e) => e.message).join(' ') || undefined;

/** A short name for a list item: the first text among its usual naming fields. */
export function itemName(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ['title', 'label', 'question', 'name', 'value', 'quote', 'from', 'heading', 'text']) if (typeof record[key] === 'string' && record[key]) return record[key] as string;
  return undefined;
}

/** Every field of an object schema, in the schema's order. */
export function ObjectFields({ resolved, value, path, skip = [] }: { resolved: Resolved; value: Json; path: DataPath; skip?: string[] }) {
  const record = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, Json>;
  const required = new Set(resolved.schema.required ?? []);
  return (
    <Stack gap="sm">
      {Object.entries(resolved.schema.properties ?? {})
        .filter(([name]) => !skip.includes(name))
        .map(([name, schema]) => (
          <Field key={name} name={name} schema={schema} file={resolved.file} value={record[name]} path={[...path, name]} required={required.has(name)} />
        ))}
    </Stack>
  );
}

interface FieldProps {
  name: string | number;
  schema: Schema;
  file: string;
  value: Json | undefined;
  path: DataPath;
  required: boolean;
}

/**
 * One field and everything under it. An edit replaces only the values on its path (data-path.ts),
 * so a field whose value is the same object as before has nothing new to show: it is skipped,
 * which keeps a keystroke from re-rendering the whole form.
 */
export const Field = memo(FieldView, (a, b) => a.value === b.value && a.schema === b.schema && a.name === b.name && a.file === b.file && a.required === b.required && samePath(a.path, b.path));

function FieldView({ name, schema, file, value, path, required }: FieldProps) {
  const form = useForm();
  let resolved = form.contract.resolve(schema, file);
  const branch = form.contract.branch(resolved, value);
  if (branch) resolved = branch;
  const s = resolved.schema;
  const label = labelOf(name, s);
  const error = errorAt(form.errors, path);
  // data-path lets the studio find the input of a field, to focus the one clicked in the preview.
  const common = { label, description: s.description, required, error, 'data-path': JSON.stringify(path) };
  // An optional field left empty is removed from the file rather than written empty.
  const set = (next: Json | undefined) => form.onChange(path, next === '' && !required ? undefined : next);

  if (s.const !== undefined) return <TextInput {...common} value={String(s.const)} readOnly />;
  if (resolved.def === 'icon' && s.enum) return <IconPicker common={common} options={s.enum.map(String)} value={value} onChange={set} />;
  if (resolved.def === 'image' && typeOf(s) === 'object') return <ImageField resolved={resolved} value={value} path={path} label={label} required={required} />;
  if (s.enum)
    return <Select {...common} data={s.enum.map(String)} value={value === undefined || value === null ? null : String(value)} clearable={!required} onChange={(next) => set(next ?? undefined)} allowDeselect={!required} />;
  switch (typeOf(s)) {
    case 'boolean':
      return <Switch label={label} description={s.description} error={error} checked={value === true} onChange={(event) => set(event.currentTarget.checked ? true : required ? false : undefined)} />;
    case 'number':
    case 'integer':
      return <NumberInput {...common} value={typeof value === 'number' ? value : ''} allowDecimal={typeOf(s) === 'number'} onChange={(next) => set(typeof next === 'number' ? next : undefined)} />;
    case 'array':
      return <ArrayField resolved={resolved} value={value} path={path} label={label} error={error} />;
    case 'object':
      return (
        <Fieldset legend={label}>
          {s.description && <Text size="xs" c="dimmed" mb="xs">{s.description}</Text>}
          {error && <Text size="sm" c="red" mb="xs">{error}</Text>}
          <ObjectFields resolved={resolved} value={value ?? null} path={path} />
        </Fieldset>
      );
    case 'string':
      if (resolved.def === 'internalPath' || name === 'to') return <LinkField common={common} routes={form.routes} value={value} onChange={set} />;
      if (typeof value === 'string' && (value.length > 70 || value.includes('\n')) || (s.maxLength ?? 0) > 200 || (s.minLength ?? 0) >= 50)
        return <Textarea {...common} autosize minRows={2} value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.currentTarget.value)} />;
      return <TextInput {...common} value={typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)} onChange={(event) => set(event.currentTarget.value)} />;
    default:
      return <JsonField common={common} value={value} onChange={set} />;
  }
}

type Common = { label: string; description?: string; required: boolean; error?: string };

/** Internal links: every route and anchor of the site to pick from, typing allowed, checked as you type. */
function LinkField({ common, routes, value, onChange }: { common: Common; routes: string[]; value: Json | undefined; onChange: (v: Json | undefined) => void }) {
  const text = typeof value === 'string' ? value : '';
  const known = !text || routes.includes(text) || routes.includes(text.split(/[?#]/)[0]);
  return <Autocomplete {...common} data={routes} limit={50} value={text} onChange={onChange} error={common.error ?? (known ? undefined : `No page has the address ${text}.`)} />;
}

function IconPicker({ common, options, value, onChange }: { common: Common; options: string[]; value: Json | undefined; onChange: (v: Json | undefined) => void }) {
  const render = (name: string) => {
    const Icon = icons[name as keyof typeof icons];
    return Icon ? <Icon size={18} stroke={1.7} aria-hidden="true" /> : null;
  };
  const current = typeof value === 'string' ? value : null;
  return (
    <Select
      {...common}
      data={options}
      searchable
      clearable={!common.required}
      value={current}
      onChange={(next) => onChange(next ?? undefined)}
      leftSection={current ? render(current) : undefined}
      renderOption={({ option }) => (
        <Group gap="xs">
          {render(option.value)}
          <span>{option.value}</span>
        </Group>
      )}
    />
  );
}

function JsonField({ common, value, onChange }: { common: Common; value: Json | undefined; onChange: (v: Json | undefined) => void }) {
  const [text, setText] = useState(() => JSON.stringify(value ?? null, null, 2));
  const [invalid, setInvalid] = useState(false);
  return (
    <Textarea
      {...common}
      autosize
      value={text}
      error={common.error ?? (invalid ? 'Not valid JSON.' : undefined)}
      onChange={(event) => {
        setText(event.currentTarget.value);
        try {
          onChange(JSON.parse(event.currentTarget.value) as Json);
          setInvalid(false);
        } catch {
          setInvalid(true);
        }
      }}
    />
  );
}

function ArrayField({ resolved, value, path, label, error }: { resolved: Resolved; value: Json | undefined; path: DataPath; label: string; error?: string }) {
  const form = useForm();
  const items = Array.isArray(value) ? value : [];
  const itemSchema = resolved.schema.items ?? {};
  const item = form.contract.resolve(itemSchema, resolved.file);
  const set = (next: Json[]) => form.onChange(path, next);
  const move = (from: number, to: number) => set(arrayMove(items, from, to));
  const nameOf = (index: number) => itemName(items[index]) ?? `item ${index + 1}`;
  return (
    <Fieldset legend={`${label} (${items.length})`}>
      {resolved.schema.description && <Text size="xs" c="dimmed" mb="xs">{resolved.schema.description}</Text>}
      {error && <Text size="sm" c="red" mb="xs">{error}</Text>}
      <Stack gap="xs">
        <SortableList count={items.length} nameOf={nameOf} onMove={move}>
          {(index, handle) => (
            <ListItem
              path={[...path, index]}
              title={`${index + 1}. ${itemName(items[index]) ?? labelOf(index, item.schema)}`}
              simple={typeOf(item.schema) !== 'object'}
              handle={handle}
              controls={
                <ItemControls
                  name={nameOf(index)}
                  first={index === 0}
                  last={index === items.length - 1}
                  onUp={() => move(index, index - 1)}
                  onDown={() => move(index, index + 1)}
                  onDuplicate={() => set(withCopyAfter(items, index))}
                  onRemove={() => set(items.filter((_, i) => i !== index))}
                />
              }
            >
              <Field name={index} schema={itemSchema} file={resolved.file} value={items[index]} path={[...path, index]} required />
            </ListItem>
          )}
        </SortableList>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => set([...items, newValue(form.contract, item) as Json])} style={{ alignSelf: 'flex-start' }}>
          Add to {label.toLowerCase()}
        </Button>
      </Stack>
    </Fieldset>
  );
}

function ListItem({ path, title, simple, handle, controls, children }: { path: DataPath; title: string; simple: boolean; handle: ReactNode; controls: ReactNode; children: ReactNode }) {
  const { reveal } = useForm();
  const revealed = reveal !== undefined && startsWith(reveal, path);
  const [open, setOpen] = useState(simple || revealed);
  useEffect(() => {
    if (revealed) setOpen(true);
  }, [revealed, reveal]);
  if (simple)
    return (
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <div style={{ paddingBottom: 4 }}>{handle}</div>
        <div style={{ flex: 1 }}>{children}</div>
        {controls}
      </Group>
    );
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" gap={4} wrap="nowrap">
        {handle}
        <UnstyledButton onClick={() => setOpen(!open)} aria-expanded={open} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={4} wrap="nowrap">
            {open ? <IconChevronDown size={14} aria-hidden="true" /> : <IconChevronRight size={14} aria-hidden="true" />}
            <Text size="sm" fw={600} truncate>
              {title}
            </Text>
          </Group>
        </UnstyledButton>
        {controls}
      </Group>
      {open && <div style={{ marginTop: 8 }}>{children}</div>}
    </Paper>
  );
}

export function ItemControls({ name, first, last, onUp, onDown, onDuplicate, onRemove }: { name: string; first: boolean; last: boolean; onUp: () => void; onDown: () => void; onDuplicate: () => void; onRemove: () => void }) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" size="sm" disabled={first} onClick={onUp} aria-label={`Move ${name} up`}>
        <IconArrowUp size={14} />
      </ActionIcon>
      <ActionIcon variant="subtle" size="sm" disabled={last} onClick={onDown} aria-label={`Move ${name} down`}>
        <IconArrowDown size={14} />
      </ActionIcon>
      <ActionIcon variant="subtle" size="sm" onClick={onDuplicate} aria-label={`Duplicate ${name}`}>
        <IconCopy size={14} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="sm" onClick={onRemove} aria-label={`Delete ${name}`}>
        <IconTrash size={14} />
      </ActionIcon>
    </Group>
  );
}
