// A value of a shape no other field fits, written as JSON; what does not parse is kept in the box and not sent.
import { Textarea } from '@mantine/core';
import { useState } from 'react';
import type { Json } from '../api.ts';
import type { KindProps } from './form-context.ts';

export function JsonField({ value, common, set }: KindProps) {
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
          set(JSON.parse(event.currentTarget.value) as Json);
          setInvalid(false);
        } catch {
          setInvalid(true);
        }
      }}
    />
  );
}
