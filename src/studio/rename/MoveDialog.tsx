// A new address for a page or an article, as one change: before anything is written the dialog
// says what links to the old address, offers the redirect from it and to update those links, and
// shows what the site's check would refuse. Opened by Save when the page's Address changed, or by
// "Change address…" in the entry's menu.
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { leaveChangedEntry } from '../store/commands.ts';
import { useStore } from '../store/store.ts';
import { FilesTogether, LinksHere, Problems } from './LinksHere.tsx';
import { setOffer, useOffer, type Offer } from './move-offer.ts';
import { renameApi } from './rename-api.ts';
import { useDryRun } from './use-dry-run.ts';

type MoveOffer = Extract<Offer, { kind: 'move' }>;

export function MoveDialog() {
  const offer = useOffer();
  const move = offer?.kind === 'move' ? offer : undefined;
  return (
    <Modal
      opened={move !== undefined}
      onClose={() => setOffer(undefined)}
      title={move ? `Change the address of ${move.title}` : ''}
      size="lg"
    >
      {move && <MoveForm key={`${move.file} ${move.version} ${move.to ?? ''}`} offer={move} />}
    </Modal>
  );
}

function MoveForm({ offer }: { offer: MoveOffer }) {
  const store = useStore();
  const [address, setAddress] = useState(offer.to ?? offer.from);
  const [redirect, setRedirect] = useState(true);
  const [updateLinks, setUpdateLinks] = useState(true);
  const [saving, setSaving] = useState(false);
  // A refusal of the real request, for the question it was asked with.
  const [failure, setFailure] = useState<{ question?: string; message: string }>();
  const request = {
    file: offer.file,
    version: offer.version,
    address: address.trim(),
    redirect,
    updateLinks,
    edit: offer.edit,
  };
  const question = address.trim() === offer.from ? undefined : JSON.stringify(request);
  const { answer, refusal, busy } = useDryRun(question, () => renameApi.move({ ...request, dryRun: true }));
  const current = question !== undefined && !busy;
  const failed = failure?.question === question ? failure?.message : undefined;

  const confirm = async () => {
    setSaving(true);
    try {
      const done = await renameApi.move(request);
      setOffer(undefined);
      notifications.show({
        color: 'green',
        message: `${offer.title} is now at ${done.to}: ${done.files.length} ${done.files.length === 1 ? 'entry' : 'entries'} changed in one step.`,
      });
      await leaveChangedEntry(store, offer.file, () => done.file ?? offer.file);
    } catch (error) {
      setFailure({ question, message: (error as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <Text size="sm">
        Now at <b>{offer.from}</b>
      </Text>
      <TextInput
        label="New address"
        description={
          offer.entryKind === 'article'
            ? 'An article lives under /resources/blogs/: lowercase words joined by dashes after it.'
            : 'Starting with /, lowercase words joined by dashes.'
        }
        value={address}
        readOnly={offer.to !== undefined}
        onChange={(event) => setAddress(event.currentTarget.value)}
        data-autofocus
      />
      <Checkbox
        label={`Add a redirect from ${offer.from} to the new address, so shared links and bookmarks keep working`}
        checked={redirect}
        onChange={(event) => setRedirect(event.currentTarget.checked)}
      />
      <Checkbox
        label={
          answer?.links.length
            ? `Update the ${answer.links.length} link${answer.links.length === 1 ? '' : 's'} to ${offer.from} across the site`
            : `Update every link to ${offer.from} across the site`
        }
        checked={updateLinks}
        onChange={(event) => setUpdateLinks(event.currentTarget.checked)}
      />
      {answer && current && <LinksHere answer={answer} address={offer.from} />}
      {current && <Problems answer={answer} refusal={refusal ?? failed} />}
      {answer && current && !answer.problems.length && <FilesTogether answer={answer} />}
      {offer.edit && (
        <Text size="xs" c="dimmed">
          Your other unsaved edits of this {offer.entryKind} are saved with it.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setOffer(undefined)}>
          Cancel
        </Button>
        <Button
          loading={saving || busy}
          disabled={!current || !answer || answer.problems.length > 0 || refusal !== undefined}
          onClick={() => void confirm()}
        >
          {offer.edit ? 'Save and change the address' : 'Change the address'}
        </Button>
      </Group>
    </Stack>
  );
}
