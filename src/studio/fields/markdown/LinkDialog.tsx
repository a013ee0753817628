// The link dialog: the words to show and where they lead, a page of the site (offered as the
// link picker offers them) or a full web address. Nothing goes into the text until both are
// right; what is wrong is said at the field.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { AddressPicker } from '../AddressPicker.tsx';
import { useForm } from '../form-context.ts';

/** Why `address` cannot be linked to, or nothing when it can. */
export function addressProblem(address: string, routes: string[]): string | undefined {
  if (!address) return 'Choose a page of the site, or type a full web address.';
  if (address.startsWith('/')) {
    const page = address.split(/[?#]/)[0] || '/';
    return routes.includes(address) || routes.includes(page) ? undefined : `No page has the address ${address}.`;
  }
  if (/^(https?:\/\/[^\s/]+\.[^\s]+|mailto:\S+@\S+|tel:\+?[\d\s()-]+)$/i.test(address)) return undefined;
  return 'Use a page of the site (its address starts with /) or a full web address starting with https://.';
}

export function LinkDialog({
  words: initialWords,
  onInsert,
  onClose,
}: {
  /** The selected words, to start with. */
  words: string;
  onInsert: (words: string, address: string) => void;
  onClose: () => void;
}) {
  const { routes, titles } = useForm();
  const [words, setWords] = useState(initialWords);
  const [address, setAddress] = useState('');
  const [tried, setTried] = useState(false);
  const wordsProblem = words.trim() ? undefined : 'Type the words that people click.';
  const problem = addressProblem(address.trim(), routes);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setTried(true);
    if (!wordsProblem && !problem) onInsert(words.trim(), address.trim());
  };
  return (
    <Modal opened onClose={onClose} title="Insert a link" returnFocus={false} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Text to show"
            required
            data-autofocus={initialWords ? undefined : true}
            value={words}
            onChange={(event) => setWords(event.currentTarget.value)}
            error={tried ? wordsProblem : undefined}
          />
          <AddressPicker
            label="Link to"
            description="A page of the site (type its title and pick it from the list) or a full web address (https://…)."
            required
            data-autofocus={initialWords ? true : undefined}
            addresses={routes}
            titles={titles}
            value={address}
            onChange={setAddress}
            error={tried || address.startsWith('/') ? problem : undefined}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Insert link</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
