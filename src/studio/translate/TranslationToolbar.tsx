// The translation view's top: how far the language is, Only what needs work, Save; and the question
// asked when the view is closed with unsaved translations.
import { Alert, Button, Group, Switch, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';

export function TranslationToolbar({
  status,
  language,
  needsWork,
  onNeedsWork,
  unsaved,
  saving,
  onSave,
}: {
  status: string;
  language: string;
  needsWork: boolean;
  onNeedsWork: (needsWork: boolean) => void;
  unsaved: boolean;
  saving: boolean;
  onSave: () => void;
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" role="status">
        {status}
      </Text>
      <Group gap="sm">
        <Switch
          label="Only what needs work"
          checked={needsWork}
          onChange={(e) => onNeedsWork(e.currentTarget.checked)}
        />
        <Button
          size="xs"
          leftSection={<IconDeviceFloppy size={14} />}
          disabled={!unsaved}
          loading={saving}
          onClick={onSave}
        >
          Save {language}
        </Button>
      </Group>
    </Group>
  );
}

export function CloseQuestion({ onKeepTranslating, onClose }: { onKeepTranslating: () => void; onClose: () => void }) {
  return (
    <Alert color="orange" title="Your translations are not saved yet">
      {/* Closing keeps them as the translator's draft, as leaving an entry keeps its edits. */}
      <Text size="sm" mb="xs">
        Closed without saving, they are kept as your draft and offered again when you open this translation.
      </Text>
      <Group gap="xs">
        <Button size="compact-sm" onClick={onKeepTranslating}>
          Keep translating
        </Button>
        <Button size="compact-sm" variant="default" onClick={onClose}>
          Close without saving
        </Button>
      </Group>
    </Alert>
  );
}
