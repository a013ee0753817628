// Deleting a page or an article: first what links to it, then where to send its visitors and those
// links (a redirect, and the links updated, in the same step), since a link to a deleted address
// fails the site's check. Nothing is deleted while the check would fail.
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { byTitleOrAddress, PageOption } from '../fields/AddressPicker.tsx';
import { leaveChangedEntry } from '../store/commands.ts';
import { useStore, useStudio } from '../store/store.ts';
import { isDirty } from '../store/studio-state.ts';
import { FilesTogether, LinksHere, Problems } from './LinksHere.tsx';
import { setOffer, useOffer, type Offer } from './move-offer.ts';
import { renameApi } from './rename-api.ts';
import { useDryRun } from './use-dry-run.ts';

type DeleteOffer = Extract<Offer, { kind: 'delete' }>;

export function DeleteDialog() {
  const offer = useOffer();
  const deletion = offer?.kind === 'delete' ? offer : undefined;
  return (
    <Modal
      opened={deletion !== undefined}
      onClose={() => setOffer(undefined)}
      title={deletion ? `Delete ${deletion.title}?` : ''}
      size="lg"
    >
      {deletion && <DeleteForm key={`${deletion.file} ${deletion.version}`} offer={deletion} />}
    </Modal>
  );
}

function DeleteForm({ offer }: { offer: DeleteOffer }) {
  const store = useStore();
  const routes = useStudio((state) => state.site?.routes);
  const titles = useStudio((state) => state.site?.titles);
  const dirty = useStudio(isDirty);
  const [target, setTarget] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<{ question: string; message: string }>();
  const request = { file: offer.file, version: offer.version, redirectTo: target ?? undefined };
  const question = JSON.stringify(request);
  const { answer, refusal, busy } = useDryRun(question, () => renameApi.remove({ ...request, dryRun: true }));
  const current = !busy;
  const failed = failure?.question === question ? failure.message : undefined;
  const noun = offer.entryKind;

  const confirm = async () => {
    setDeleting(true);
    try {
      const done = await renameApi.remove(request);
      setOffer(undefined);
      notifications.show({
        color: 'green',
        message: `Deleted ${offer.title}${done.to ? `; its visitors and links now go to ${done.to}` : ''}.`,
      });
      await leaveChangedEntry(
        store,
        offer.file,
        (entries) => (entries.find((e) => e.route === '/') ?? entries[0])?.file,
      );
    } catch (error) {
      setFailure({ question, message: (error as Error).message });
      setDeleting(false);
    }
  };

  return (
    <Stack>
      <Text size="sm">
        The {noun} at <b>{offer.from}</b> is removed from the site
        {dirty ? ', with your unsaved edits of it' : ''}.
      </Text>
      {answer && current && <LinksHere answer={answer} address={offer.from} />}
      <Select
        label="Send its visitors and these links to"
        description="A redirect from its address, and every link to it pointed there, in the same step."
        placeholder="Choose a page or article"
        data={(routes ?? [])
          .filter((route) => !route.includes('#') && route !== offer.from)
          .map((route) => ({ value: route, label: titles?.[route] ?? route }))}
        filter={byTitleOrAddress(titles ?? {})}
        renderOption={({ option }) => <PageOption address={option.value} title={titles?.[option.value]} />}
        value={target}
        onChange={setTarget}
        searchable
        clearable
      />
      {answer && current && answer.links.length > 0 && !target && (
        <Text size="sm" c="red">
          A link to a deleted {noun} fails the site's check: choose where to send them first.
        </Text>
      )}
      {current && <Problems answer={answer} refusal={refusal ?? failed} />}
      {answer && current && !answer.problems.length && <FilesTogether answer={answer} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setOffer(undefined)}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={deleting || busy}
          disabled={!current || !answer || answer.problems.length > 0 || refusal !== undefined}
          onClick={() => void confirm()}
        >
          Delete {noun}
        </Button>
      </Group>
    </Stack>
  );
}
