// The studio: the content list, the real page in a frame, and the editing panel (outline and the
// selected section's fields). Every edit is checked by the site's compiler as you type and shown
// in the preview; Save writes only valid content and only the lines that changed.
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconArrowForwardUp, IconDeviceFloppy, IconGitCompare } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, StudioRequestError, watchFiles, type Check, type DataPath, type Entry, type EntrySummary, type Json } from './api.ts';
import { ChangesView } from './ChangesView.tsx';
import { getIn, pathOfText, setIn } from './data-path.ts';
import { EntryList } from './EntryList.tsx';
import { Preview } from './Preview.tsx';
import { Contract } from './schema.ts';
import { FormContext, type FormContextValue } from './SchemaForm.tsx';
import { useCheck } from './use-check.ts';
import { useHistory } from './use-history.ts';
import { EntryEditor, type Draft } from './EntryEditor.tsx';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function addressOf(entry: EntrySummary): string {
  return entry.route ? `?path=${encodeURIComponent(entry.route)}` : `?file=${encodeURIComponent(entry.file)}`;
}

export function App() {
  const [contract, setContract] = useState<Contract>();
  const [routes, setRoutes] = useState<string[]>([]);
  const [images, setImages] = useState<string[]>([]);
  const [entries, setEntries] = useState<EntrySummary[]>([]);
  const [entry, setEntry] = useState<Entry>();
  const history = useHistory<Draft>({ data: null });
  const [selected, setSelected] = useState<number>();
  const [check, setCheck] = useState<Check>();
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveProblem, setSaveProblem] = useState<string>();
  const [showChanges, setShowChanges] = useState(false);
  const [loadProblem, setLoadProblem] = useState<string>();
  /** A file YAML cannot read: it opens once it is fixed on disk. */
  const [unreadable, setUnreadable] = useState<{ file: string; message: string }>();
  const unreadableRef = useRef(unreadable);
  unreadableRef.current = unreadable;
  const editor = useRef<HTMLDivElement>(null);
  /** The field holding the text last clicked in the preview, to open and focus. */
  const [reveal, setReveal] = useState<DataPath>();
  const [addressRoute] = useState(() => {
    const params = new URLSearchParams(location.search);
    return params.get('path') ?? (params.get('file') ? undefined : '/');
  });
  const entryRef = useRef(entry);
  entryRef.current = entry;

  const draft = history.present;
  const dirty = entry !== undefined && !same(draft, { data: entry.data, body: entry.body });

  const open = useCallback(
    // `discard`: the person already chose to drop their edits (the conflict's Reload button), so no second question.
    async (file: string, push = true, discard = false) => {
      if (dirty && !discard && !window.confirm('You have unsaved edits. Leave them and open another entry?')) return;
      try {
        const loaded = await api.entry(file);
        setUnreadable(undefined);
        setEntry(loaded);
        history.reset({ data: loaded.data, body: loaded.body });
        setSelected(undefined);
        setConflict(false);
        setSaveProblem(undefined);
        setCheck(undefined);
        if (push) window.history.pushState(null, '', addressOf(loaded));
        document.title = `${loaded.title} · Studio`;
      } catch (error) {
        if (!(error instanceof StudioRequestError && error.status === 422)) return setLoadProblem((error as Error).message);
        setEntry(undefined);
        setUnreadable({ file, message: error.message });
      }
    },
    [dirty, history],
  );

  const openRef = useRef(open);
  openRef.current = open;

  // First load: the contract, the list, and the entry the address names.
  useEffect(() => {
    const fromAddress = async (list: EntrySummary[]) => {
      const params = new URLSearchParams(location.search);
      const wanted = list.find((e) => (params.get('path') ? e.route === params.get('path') : e.file === params.get('file'))) ?? list.find((e) => e.route === '/') ?? list[0];
      if (wanted) await open(wanted.file, false);
    };
    Promise.all([api.schema(), api.entries()]).then(async ([info, list]) => {
      setContract(new Contract(info.schemas, info.sectionTypes));
      setRoutes(info.routes);
      setImages(info.images);
      setEntries(list);
      await fromAddress(list);
      document.documentElement.dataset.studio = 'ready';
    }, (error: Error) => setLoadProblem(error.message));
    const onPop = () => void api.entries().then(fromAddress);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // Files changed on disk: refresh the list, and flag the open entry if someone else changed it.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    void watchFiles((file) => {
      clearTimeout(timer);
      timer = setTimeout(() => void api.entries().then(setEntries), 150);
      const current = entryRef.current;
      if (current && file === current.file)
        void api.entry(file).then(
          (onDisk) => onDisk.version !== entryRef.current?.version && setConflict(true),
          () => setConflict(true),
        );
      if (file === unreadableRef.current?.file) void openRef.current(file, false);
    }).catch(() => undefined);
  }, []);

  useCheck(entry, draft, setCheck);

  // A warning before leaving with unsaved edits.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // After a click in the preview, focus the field that holds the clicked text (its list items
  // opened by `reveal`), or the section's first field.
  useEffect(() => {
    if (!reveal) return;
    // Two frames: a list item opened for it renders its fields after this effect.
    const frame = requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const fields = [...(editor.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=hidden]):not([readonly]), textarea') ?? [])];
        const match = fields.find((f) => f.dataset.path === JSON.stringify(reveal)) ?? fields[0];
        match?.focus();
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, [reveal]);

  const save = async () => {
    if (!entry || saving) return;
    setSaving(true);
    setSaveProblem(undefined);
    try {
      const { version } = await api.save(entry.file, entry.version, draft.data, draft.body);
      setEntry({ ...entry, version, data: draft.data, body: draft.body });
      notifications.show({ message: `Saved site/${entry.file}`, color: 'green' });
      void api.entries().then(setEntries);
    } catch (error) {
      if (error instanceof StudioRequestError && error.status === 409) setConflict(true);
      else setSaveProblem((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  // Ctrl+S saves from inside a field too, the Markdown editor included, where the editor is typing
  // (Mantine ignores keys typed in inputs unless told otherwise); undo and redo there stay the field's own.
  useHotkeys([['mod+s', () => void save()]], [], true);
  useHotkeys([
    ['mod+z', () => history.undo()],
    ['mod+shift+z', () => history.redo()],
  ]);

  const { update } = history;
  const onChange = useCallback((path: DataPath, value: Json | undefined) => update((present) => ({ ...present, data: setIn(present.data, path, value) }), JSON.stringify(path)), [update]);
  const form: FormContextValue | undefined = useMemo(
    () => contract && { contract, routes, images, errors: check?.errors ?? [], onChange, onImageUploaded: (src) => setImages((list) => [...new Set([...list, src])].sort()), reveal },
    [contract, routes, images, check, onChange, reveal],
  );

  if (loadProblem) return <Alert color="red" m="md" title="The studio could not load">{loadProblem}</Alert>;

  const sections = entry?.kind === 'page' && Array.isArray(getIn(draft.data, ['sections'])) ? (getIn(draft.data, ['sections']) as Json[]) : undefined;
  const types = (sections ?? []).map((s) => String((s as Record<string, Json>)?.type ?? ''));
  const errors = check?.errors ?? [];
  // The page the address names starts loading in the preview at once, beside the studio's own data.
  const previewRoute = entry ? (entry.route ?? '/') : addressRoute;

  return (
    <div style={{ display: 'grid', gridTemplateRows: '52px 1fr', height: '100vh' }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '0 12px', borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Title order={1} size="h4">Studio</Title>
        {entry && <Text size="sm" c="dimmed">site/{entry.file}</Text>}
        {dirty && <Badge color="orange" variant="light">Unsaved edits</Badge>}
        {errors.length > 0 && <Badge color="red" variant="light">{errors.length} problem{errors.length === 1 ? '' : 's'}</Badge>}
        <Group gap="xs" ml="auto">
          <Button variant="default" size="xs" leftSection={<IconArrowBackUp size={14} />} disabled={!history.canUndo} onClick={history.undo}>Undo</Button>
          <Button variant="default" size="xs" leftSection={<IconArrowForwardUp size={14} />} disabled={!history.canRedo} onClick={history.redo}>Redo</Button>
          <Button variant="default" size="xs" leftSection={<IconGitCompare size={14} />} onClick={() => setShowChanges(true)}>Changes</Button>
          <Button size="xs" leftSection={<IconDeviceFloppy size={14} />} disabled={!dirty || conflict} loading={saving} onClick={() => void save()}>Save</Button>
        </Group>
      </header>
      <div style={{ display: 'grid', gridTemplateColumns: '250px minmax(0, 1fr) 460px', minHeight: 0 }}>
        <aside style={{ borderRight: '1px solid var(--mantine-color-gray-3)', padding: 12, minHeight: 0 }}>
          <EntryList entries={entries} current={entry?.file} onOpen={(e) => void open(e.file)} onCreated={(file) => void api.entries().then((list) => { setEntries(list); return open(file); })} />
        </aside>
        <main style={{ minHeight: 0, background: 'var(--mantine-color-gray-1)' }}>
          {previewRoute && (
            <Preview
              key={previewRoute}
              route={previewRoute}
              types={types}
              selected={selected}
              onSelect={(index, text) => {
                setSelected(index);
                setReveal(pathOfText(sections?.[index], text, ['sections', index]) ?? ['sections', index]);
              }}
            />
          )}
        </main>
        {/* Native scrolling: Mantine's ScrollArea lets a long unbroken value widen its content past the panel. */}
        <section aria-label="Editing panel" style={{ borderLeft: '1px solid var(--mantine-color-gray-3)', minHeight: 0, overflowY: 'auto', overflowX: 'hidden' }}>
          <div ref={editor} style={{ padding: 12 }}>
            <Stack gap="sm">
              {conflict && (
                <Alert color="orange" title="This file changed on disk" role="alert">
                  <Text size="sm" mb="xs">Someone edited site/{entry?.file} outside the studio since you opened it. The studio will not overwrite it.</Text>
                  <Button size="xs" onClick={() => entry && void open(entry.file, false, true)}>Reload it (drops your unsaved edits)</Button>
                </Alert>
              )}
              {unreadable && (
                <Alert color="red" title="This file cannot be opened yet" role="alert">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{unreadable.message}</Text>
                </Alert>
              )}
              {saveProblem && (
                <Alert color="red" title="Not saved" role="alert" withCloseButton onClose={() => setSaveProblem(undefined)}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{saveProblem}</Text>
                </Alert>
              )}
              {(errors.length > 0 || (check?.elsewhere.length ?? 0) > 0) && (
                <Alert color="red" title="Problems to fix before saving">
                  <Stack gap={4}>
                    {errors.map((error, i) => (
                      <Text key={i} size="sm" component="button" style={{ textAlign: 'left', background: 'none', border: 0, padding: 0, cursor: 'pointer' }} onClick={() => error.at[0] === 'sections' && typeof error.at[1] === 'number' && setSelected(error.at[1])}>
                        {error.text}
                      </Text>
                    ))}
                    {check?.elsewhere.map((line) => <Text key={line} size="sm">{line}</Text>)}
                  </Stack>
                </Alert>
              )}
              {!form && !unreadable && <Loader size="sm" aria-label="Loading" />}
              {entry && form && contract && (
                <FormContext.Provider value={form}>
                  <EntryEditor
                    entry={entry}
                    draft={draft}
                    sections={sections}
                    selected={selected}
                    contract={contract}
                    onSelect={setSelected}
                    onSections={(next, select) => {
                      history.set({ ...draft, data: setIn(draft.data, ['sections'], next) });
                      setSelected(select);
                    }}
                    onBody={(body) => history.set({ ...draft, body }, 'body')}
                    bodyError={errors.find((e) => e.at.length === 0)?.message}
                  />
                </FormContext.Provider>
              )}
            </Stack>
          </div>
        </section>
      </div>
      <ChangesView opened={showChanges} onClose={() => setShowChanges(false)} />
    </div>
  );
}
