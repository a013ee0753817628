// The white paper request: the lead goes to the server, the paper opens in a new window at once
// (opened inside the submit event so no pop-up blocker stops it), a toast confirms, the dialog
// closes and the fields reset. If sending fails the paper still opens; nothing is logged.
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { emptyValues, FormFields } from '../forms/FormFields.tsx';
import { sendLead } from '../forms/send-lead.ts';
import { editMode } from '../components/edit-mode.ts';
import { useForm, useWords } from '../site-context.tsx';

export const WHITE_PAPER_URL = '/white-paper?source=form';

export default function WhitePaperRequest({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm('white-paper');
  const words = useWords();
  const [values, setValues] = useState(() => emptyValues(form));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    window.open(WHITE_PAPER_URL, '_blank', 'noopener');
    void sendLead(form.endpoint, values);
    notifications.show({ message: form.successMessage, color: 'green', withBorder: true });
    onClose();
    setValues(emptyValues(form));
  };
  return (
    <>
      <Notifications position="top-right" />
      <Modal
        opened={opened}
        onClose={onClose}
        title={form.title}
        size="lg"
        radius="lg"
        closeButtonProps={{ 'aria-label': words.close }}
        // In the studio's preview the dialog leaves the focus in the field the click put it in.
        trapFocus={!editMode}
      >
        <form onSubmit={onSubmit} aria-label={form.title}>
          {form.description && (
            <Text c="dimmed" mb="md">
              {form.description}
            </Text>
          )}
          <FormFields
            form={form}
            values={values}
            idPrefix={form.id}
            onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
          />
          <Group justify="flex-end" mt="xl">
            <Button variant="default" onClick={onClose}>
              {form.cancelLabel ?? words.cancel}
            </Button>
            <Button type="submit">{form.submitLabel}</Button>
          </Group>
        </form>
      </Modal>
    </>
  );
}
