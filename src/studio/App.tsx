// The studio: the content list, the real page in a frame, and the editing panel (outline and the
// selected section's fields). Every edit is checked by the site's compiler as you type and shown
// in the preview; Save writes only valid content and only the lines that changed. The state lives
// in one store (store/), changed by named actions; each part of the screen reads what it shows.
import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { EditingPanel } from './EditingPanel.tsx';
import { DraftOfferDialog } from './drafts/DraftOfferDialog.tsx';
import { keepDrafts } from './drafts/keep-drafts.ts';
import { EntryList } from './EntryList.tsx';
import { Loading } from './Loading.tsx';
import { PreviewPane } from './PreviewPane.tsx';
import { followAddress, loadStudio, openEntry, refreshEntries, watchDisk } from './store/commands.ts';
import { createStudioStore, StoreContext, useStore, useStudio } from './store/store.ts';
import { isDirty } from './store/studio-state.ts';
import { Toolbar } from './Toolbar.tsx';
import { useCheck } from './use-check.ts';
import { useStudioKeys } from './use-studio-keys.ts';

export function App() {
  const [store] = useState(createStudioStore);
  useEffect(() => {
    void loadStudio(store);
    watchDisk(store);
    const stopDrafts = keepDrafts(store);
    const onPop = () => void followAddress(store);
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      stopDrafts();
    };
  }, [store]);
  return (
    <StoreContext.Provider value={store}>
      <Studio />
    </StoreContext.Provider>
  );
}

function Studio() {
  const loadProblem = useStudio((state) => state.loadProblem);
  useCheck();
  useLeaveWarning();
  useStudioKeys();
  if (loadProblem)
    return (
      <Alert color="red" m="md" title="The studio could not load">
        {loadProblem}
      </Alert>
    );
  return (
    <div style={{ display: 'grid', gridTemplateRows: '52px 1fr', height: '100vh' }}>
      <Toolbar />
      <div style={{ display: 'grid', gridTemplateColumns: '250px minmax(0, 1fr) 460px', minHeight: 0 }}>
        <Entries />
        <PreviewPane />
        <EditingPanel />
      </div>
      <DraftOfferDialog />
      <ConnectionBanner />
    </div>
  );
}

function Entries() {
  const store = useStore();
  const entries = useStudio((state) => state.entries);
  const current = useStudio((state) => state.entry);
  const loaded = useStudio((state) => state.site !== undefined);
  return (
    <aside style={{ borderRight: '1px solid var(--mantine-color-gray-3)', padding: 12, minHeight: 0 }}>
      {!loaded && <Loading>Loading your pages and articles…</Loading>}
      <EntryList
        entries={entries}
        current={current}
        onOpen={(e) => void openEntry(store, e.file, { part: e.part })}
        onCreated={(file) => void refreshEntries(store).then(() => openEntry(store, file))}
      />
    </aside>
  );
}

/** A warning before leaving the studio with unsaved edits. */
function useLeaveWarning() {
  const dirty = useStudio(isDirty);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
