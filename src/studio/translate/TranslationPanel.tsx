// The translation view's body: every text of the original beside its translation into one language,
// grouped by section, what needs work first to find, and Save, which writes that language only. The
// edits are the translator's alone until they are saved, kept meanwhile as their draft.
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { Fragment, useEffect, useMemo, useState } from 'react';
import type { TranslationView } from '../../../shared/translation-protocol.ts';
import { Loading } from '../Loading.tsx';
import { refreshEntries } from '../store/commands.ts';
import { useStore } from '../store/store.ts';
import { progressWords } from './progress-words.ts';
import { translateApi } from './translate-api.ts';
import { TranslationDraftQuestion } from './TranslationDraftQuestion.tsx';
import { CloseQuestion, TranslationToolbar } from './TranslationToolbar.tsx';
import { TranslationRow } from './TranslationRow.tsx';
import { useTranslationDraft } from './use-translation-draft.ts';

export function TranslationPanel({
  file,
  language,
  askClose,
  onKeepTranslating,
  onClose,
  onUnsaved,
}: {
  file: string;
  language: string;
  askClose: boolean;
  onKeepTranslating: () => void;
  onClose: () => void;
  onUnsaved: (unsaved: boolean) => void;
}) {
  const store = useStore();
  const [view, setView] = useState<TranslationView>();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [needsWork, setNeedsWork] = useState(false);
  /** Texts of a kept draft to check again: changed by someone else, or in the original, since. */
  const [check, setCheck] = useState<ReadonlySet<string>>(new Set());
  const work = useMemo(() => ({ edits, kept }), [edits, kept]);
  const draft = useTranslationDraft({
    file,
    language,
    view,
    work,
    onKeep: (restored) => {
      setEdits(restored.edits);
      setKept(restored.kept);
      setCheck(restored.check);
    },
  });
  useEffect(() => {
    translateApi.view(file, language).then(setView, (error: unknown) => setProblem((error as Error).message));
  }, [file, language]);
  const unsaved = Object.keys(edits).length > 0 || kept.size > 0;
  useEffect(() => onUnsaved(unsaved), [unsaved, onUnsaved]);
  if (!view) return problem ? <Alert color="red">{problem}</Alert> : <Loading>Loading the translation…</Loading>;
  // Nothing can be typed over a kept draft before the translator chose what becomes of it.
  if (draft.offer)
    return (
      <TranslationDraftQuestion
        offer={draft.offer}
        language={view.language.name}
        onKeep={draft.keep}
        onDrop={draft.drop}
      />
    );
  if (!draft.settled) return <Loading>Looking for your unsaved translations…</Loading>;

  const save = async () => {
    setSaving(true);
    setProblem(undefined);
    try {
      const texts = Object.entries(edits).map(([path, text]) => ({ path, text }));
      const keep = [...kept].filter((path) => !(path in edits));
      const { version, sourceVersion } = view;
      setView(await translateApi.save(file, language, { version, sourceVersion, texts, keep }));
      setEdits({});
      setKept(new Set());
      setCheck(new Set());
      setSaved(true);
      void refreshEntries(store);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const counts = {
    missing: view.fields.filter((f) => f.state === 'missing').length,
    outdated: view.fields.filter((f) => f.state === 'outdated').length,
  };
  const shown = view.fields.filter((f) => !needsWork || f.state !== 'translated' || f.path in edits);
  return (
    <Stack gap="sm">
      {askClose && <CloseQuestion onKeepTranslating={onKeepTranslating} onClose={onClose} />}
      <TranslationToolbar
        status={`${view.language.name}: ${progressWords(counts)}${saved && !unsaved ? ' · Saved' : ''}`}
        language={view.language.name}
        needsWork={needsWork}
        onNeedsWork={setNeedsWork}
        unsaved={unsaved}
        saving={saving}
        onSave={() => void save()}
      />
      {problem && (
        <Alert color="red" style={{ whiteSpace: 'pre-line' }}>
          {problem}
        </Alert>
      )}
      <Group grow>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          Original ({view.source.name})
        </Text>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          <span lang={view.language.code}>{view.language.name}</span>
        </Text>
      </Group>
      {shown.map((field, index) => (
        <Fragment key={field.path}>
          {field.section !== undefined && field.section !== shown[index - 1]?.section && (
            <Title order={3} size="h6" mt="sm">
              {field.section}
            </Title>
          )}
          <TranslationRow
            field={field}
            source={view.source}
            language={view.language}
            value={edits[field.path] ?? field.translation ?? ''}
            edited={field.path in edits}
            kept={kept.has(field.path)}
            check={check.has(field.path) && field.path in edits}
            onChange={(text) => {
              setSaved(false);
              // Words back as they were saved are no edit.
              setEdits(({ [field.path]: _, ...others }) =>
                text === (field.translation ?? '') ? others : { ...others, [field.path]: text },
              );
            }}
            onKeep={() => {
              setSaved(false);
              setKept((now) => new Set([...now, field.path]));
            }}
          />
        </Fragment>
      ))}
    </Stack>
  );
}
