// The question an entry with a kept draft opens with: "Unsaved draft from <when>", keep it or drop
// it. Asked before anything is typed, so the draft is never typed over by accident.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useStore } from '../store/store.ts';
import { dropOffered, keepOffered, useDraftOffer } from './draft-offer.ts';

/** When, in the editor's own language and clock: "Saturday, November 28 at 1:12 AM"; the year when it is not this one. */
export function draftTime(at: number, now = new Date()): string {
  const when = new Date(at);
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(when.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(when);
}

export function DraftOfferDialog() {
  const store = useStore();
  const offer = useDraftOffer();
  if (!offer) return null;
  const moved = offer.stored.base.version !== offer.entry.version;
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={`Unsaved draft from ${draftTime(offer.stored.at)}`}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Text size="sm" mb="xs">
        Your edits to “{offer.entry.title}” were not saved. Keep them to carry on where you stopped, or drop them to
        start from the last saved version.
      </Text>
      {moved && (
        <Text size="sm" mb="xs">
          Someone has saved “{offer.entry.title}” since your draft began. When you save the draft, the studio combines
          the two and asks you where they differ.
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={dropOffered}>
          Drop the draft
        </Button>
        <Button onClick={() => keepOffered(store)} data-autofocus>
          Keep the draft
        </Button>
      </Group>
    </Modal>
  );
}
