// The toolbar's Translate menu, on a site in several languages: the open page's, form's, article's
// or site settings' languages with how far each is translated, each opening the translation view.
import { Button, Menu, Modal, Text } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useState } from 'react';
import type { TranslationProgress } from '../../../shared/translation-protocol.ts';
import { useStudio } from '../store/store.ts';
import { progressWords } from './progress-words.ts';
import { translateApi } from './translate-api.ts';
import { TranslationPanel } from './TranslationPanel.tsx';

export function TranslateButton() {
  const entry = useStudio((state) => state.entry);
  // The content list counts translations only on a site in several languages.
  const severalLanguages = useStudio((state) => state.entries.some((e) => e.translations?.length));
  const [languages, setLanguages] = useState<TranslationProgress[]>();
  const [problem, setProblem] = useState<string>();
  const [open, setOpen] = useState<TranslationProgress>();
  const [unsaved, setUnsaved] = useState(false);
  const [askClose, setAskClose] = useState(false);
  const translatable =
    entry && (entry.kind === 'page' || entry.kind === 'form' || entry.kind === 'article' || entry.kind === 'settings');
  if (!translatable || !severalLanguages) return null;
  const load = () => {
    setProblem(undefined);
    translateApi.languages(entry.file).then(
      (answer) => setLanguages(answer.languages),
      (error: unknown) => setProblem((error as Error).message),
    );
  };
  const close = () => {
    setOpen(undefined);
    setUnsaved(false);
    setAskClose(false);
  };
  return (
    <>
      <Menu position="bottom-end" onOpen={load}>
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconLanguage size={14} />}
            rightSection={<IconChevronDown size={14} />}
          >
            Translate
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {problem && <Menu.Label c="red">{problem}</Menu.Label>}
          {!languages && !problem && <Menu.Label>Loading the languages…</Menu.Label>}
          {languages?.map((language) => (
            <Menu.Item key={language.code} onClick={() => setOpen(language)}>
              <Text span lang={language.code} dir={language.direction} fw={500}>
                {language.name}
              </Text>
              <Text span size="xs" c="dimmed">
                {' '}
                {progressWords(language)}
              </Text>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {/* Mounted at each opening, so each opening reads the translation afresh. */}
      <Modal
        opened={open !== undefined}
        onClose={() => (unsaved ? setAskClose(true) : close())}
        title={open ? `Translate “${entry.title}” into ${open.name}` : 'Translate'}
        size="100%"
      >
        {open && (
          <TranslationPanel
            file={entry.file}
            language={open.code}
            askClose={askClose}
            onKeepTranslating={() => setAskClose(false)}
            onClose={close}
            onUnsaved={setUnsaved}
          />
        )}
      </Modal>
    </>
  );
}
