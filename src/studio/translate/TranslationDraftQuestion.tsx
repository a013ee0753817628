// The question the translation view opens with when the translator left unsaved words in it:
// "Unsaved draft from <when>", keep them or drop them, as an entry with a kept draft asks.
import { Alert, Button, Group, Text } from '@mantine/core';
import { draftTime } from '../drafts/DraftOfferDialog.tsx';
import type { TranslationDraftOffer } from './use-translation-draft.ts';

export function TranslationDraftQuestion({
  offer,
  language,
  onKeep,
  onDrop,
}: {
  offer: TranslationDraftOffer;
  language: string;
  onKeep: () => void;
  onDrop: () => void;
}) {
  return (
    <Alert
      color="blue"
      role="alertdialog"
      aria-label="Unsaved draft"
      title={`Unsaved draft from ${draftTime(offer.at)}`}
    >
      <Text size="sm" mb="xs">
        Your translations into {language} were not saved. Keep them to carry on where you stopped, or drop them to start
        from the translation as it is now.
      </Text>
      {offer.restored.moved && (
        <Text size="sm" mb="xs">
          This translation or its original has been saved since your draft began. Your words go over the newer version;
          a text someone else changed meanwhile, or whose original changed, is marked for you to check before you save.
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button size="compact-sm" variant="default" onClick={onDrop}>
          Drop the draft
        </Button>
        <Button size="compact-sm" onClick={onKeep} data-autofocus>
          Keep the draft
        </Button>
      </Group>
    </Alert>
  );
}
