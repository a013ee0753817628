// A list: its items in order, each with move, duplicate and delete (and a drag handle that the
// keyboard moves too), and a button that adds an empty item, open, its fields showing the schema's
// example as placeholders (a filled-in sample could go live unnoticed).
import { arrayMove } from '@dnd-kit/sortable';
import { Button, Fieldset, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Json } from '../api.ts';
import { withCopyAfter } from '../data-path.ts';
import { emptyValue, helpOf, labelOf, newValue, typeOf } from '../schema.ts';
import { SortableList } from '../SortableList.tsx';
import { useForm, type KindProps } from './form-context.ts';
import { itemName } from './item-name.ts';
import { ItemControls } from './ItemControls.tsx';
import { ListItem } from './ListItem.tsx';
import { leaveFresh, markFresh } from '../fresh-item.ts';

export function ListField({ resolved, label, value, path, error }: KindProps) {
  const form = useForm();
  const { Field } = form;
  const items = Array.isArray(value) ? value : [];
  const itemSchema = resolved.schema.items ?? {};
  const item = form.contract.resolve(itemSchema, resolved.file);
  const set = (next: Json[]) => {
    // Items moved, copied or removed: the new one is no longer where it was added.
    leaveFresh();
    form.onChange(path, next);
  };
  const move = (from: number, to: number) => set(arrayMove(items, from, to));
  const nameOf = (index: number) => itemName(items[index]) ?? `item ${index + 1}`;
  // The item just added opens, ready to be filled in.
  const [added, setAdded] = useState<number>();
  const add = () => {
    setAdded(items.length);
    set([...items, (emptyValue(form.contract, item) ?? newValue(form.contract, item)) as Json]);
    markFresh([...path, items.length]);
  };
  const example = item.schema.examples?.[0] as Json | undefined;
  return (
    <Fieldset legend={`${label} (${items.length})`}>
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
      <Stack gap="xs">
        <SortableList count={items.length} nameOf={nameOf} onMove={move}>
          {(index, handle) => (
            <ListItem
              path={[...path, index]}
              title={`${index + 1}. ${itemName(items[index]) ?? labelOf(index, item.schema)}`}
              simple={typeOf(item.schema) !== 'object'}
              startOpen={index === added}
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
                example={example}
              />
            </ListItem>
          )}
        </SortableList>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          style={{ alignSelf: 'flex-start' }}
        >
          Add to {label.toLowerCase()}
        </Button>
      </Stack>
    </Fieldset>
  );
}
