// A list: its items in order, each with move, duplicate and delete (and a drag handle that the
// keyboard moves too), and a button that adds the schema's example of an item.
import { arrayMove } from '@dnd-kit/sortable';
import { Button, Fieldset, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Json } from '../api.ts';
import { withCopyAfter } from '../data-path.ts';
import { labelOf, newValue, typeOf } from '../schema.ts';
import { SortableList } from '../SortableList.tsx';
import { useForm, type KindProps } from './form-context.ts';
import { itemName } from './item-name.ts';
import { ItemControls } from './ItemControls.tsx';
import { ListItem } from './ListItem.tsx';

export function ListField({ resolved, label, value, path, error }: KindProps) {
  const form = useForm();
  const { Field } = form;
  const items = Array.isArray(value) ? value : [];
  const itemSchema = resolved.schema.items ?? {};
  const item = form.contract.resolve(itemSchema, resolved.file);
  const set = (next: Json[]) => form.onChange(path, next);
  const move = (from: number, to: number) => set(arrayMove(items, from, to));
  const nameOf = (index: number) => itemName(items[index]) ?? `item ${index + 1}`;
  return (
    <Fieldset legend={`${label} (${items.length})`}>
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
              <Field
                name={index}
                schema={itemSchema}
                file={resolved.file}
                value={items[index]}
                path={[...path, index]}
                required
              />
            </ListItem>
          )}
        </SortableList>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => set([...items, newValue(form.contract, item) as Json])}
          style={{ alignSelf: 'flex-start' }}
        >
          Add to {label.toLowerCase()}
        </Button>
      </Stack>
    </Fieldset>
  );
}
