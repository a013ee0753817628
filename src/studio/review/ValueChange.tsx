// Old → new for one value: short values whole, struck out and underlined; a long text as the words
// that changed with a little of what is around them; yes/no for switches; "empty" for nothing.
import { Text } from '@mantine/core';
import type { Json } from '../api.ts';
import { itemName } from '../fields/item-name.ts';
import { shortened, wordDiff } from './word-diff.ts';

const removedStyle = { color: 'var(--mantine-color-red-8)', background: 'var(--mantine-color-red-0)' };
const addedStyle = { color: 'var(--mantine-color-green-9)', background: 'var(--mantine-color-green-0)' };

/** A value in words: text as it is, yes/no, a list by its size, a group by its name. */
function inWords(value: Json | undefined): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`;
  return itemName(value) ?? 'a group of fields';
}

const shortest = 80;

export function ValueChange({ before, after }: { before: Json | undefined; after: Json | undefined }) {
  const [old, now] = [inWords(before), inWords(after)];
  if (
    typeof before === 'string' &&
    typeof after === 'string' &&
    before &&
    after &&
    Math.max(before.length, after.length) > shortest
  )
    return <TextChange before={before} after={after} />;
  return (
    <>
      {old === undefined ? <Empty /> : <del style={removedStyle}>{old}</del>}
      {' → '}
      {now === undefined ? <Empty /> : <ins style={addedStyle}>{now}</ins>}
    </>
  );
}

const Empty = () => (
  <Text span fs="italic" c="dimmed">
    empty
  </Text>
);

/** A long text: the words taken out and put in, in their sentence. */
export function TextChange({ before, after }: { before: string; after: string }) {
  return (
    <Text span style={{ whiteSpace: 'pre-wrap' }}>
      {shortened(wordDiff(before, after)).map((part, i) =>
        part.op === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.op === 'removed' ? (
          // A little room after it, so "four" struck out and "five" put in do not read as "fourfive".
          <del key={i} style={{ ...removedStyle, marginRight: '0.3em' }}>
            {part.text}
          </del>
        ) : (
          <ins key={i} style={addedStyle}>
            {part.text}
          </ins>
        ),
      )}
    </Text>
  );
}
