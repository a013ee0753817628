// The white paper in a full-height dialog, for reading without the page around it: the body the
// page shows (page-document.ts), as it is there.
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Modal } from '@mantine/core';
import { editMode } from '../components/edit-mode.ts';
import { useWords } from '../site-context.tsx';
import proseClasses from '../components/Prose.module.css';

export default function DocumentReader({
  opened,
  onClose,
  title,
  html,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  html: string;
}) {
  const words = useWords();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      radius="lg"
      closeButtonProps={{ 'aria-label': words.close }}
      // In the studio's preview the dialog leaves the focus in the field the click put it in.
      trapFocus={!editMode}
    >
      {/* Markup the page already shows (compiled at build time), so its pictures' addresses are final. */}
      <div className={proseClasses.prose} dangerouslySetInnerHTML={{ __html: html }} />
    </Modal>
  );
}
