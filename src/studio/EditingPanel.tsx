// The panel on the right: the notices, then the open entry's form. After a click in the preview, or
// on a problem, it scrolls to and focuses the field holding what was clicked.
import { Loader, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { EntryEditor } from './EntryEditor.tsx';
import { FormProvider } from './FormProvider.tsx';
import { EntryNotes } from './team-review/EntryNotes.tsx';
import { Notices } from './Notices.tsx';
import { useStudio } from './store/store.ts';

const inputs = 'input:not([type=hidden]), textarea';

export function EditingPanel() {
  const entry = useStudio((state) => state.entry);
  const contract = useStudio((state) => state.site?.contract);
  const unreadable = useStudio((state) => state.unreadable);
  const reveal = useStudio((state) => state.reveal);
  const editor = useRef<HTMLDivElement>(null);

  // The field at the revealed path (its list items opened by `reveal`), else the first field under
  // it (an image's picker, a group), else the section's first editable field.
  useEffect(() => {
    if (!reveal) return;
    // Two frames: a list item opened for it renders its fields after this effect.
    const frame = requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const fields = [
          ...(editor.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(inputs) ?? []),
        ].filter((f) => f.dataset.path);
        const wanted = JSON.stringify(reveal);
        // [] is an article's or document's body (the editable text of its visual or Markdown editor).
        const body = reveal.length ? undefined : editor.current?.querySelector<HTMLElement>('[data-text-body]');
        const match =
          body ??
          fields.find((f) => f.dataset.path === wanted) ??
          fields.find((f) => f.dataset.path?.startsWith(`${wanted.slice(0, -1)},`)) ??
          fields.find((f) => !f.readOnly);
        // Centred, so neither the notice kept at the top nor the panel's edge hides it.
        match?.scrollIntoView({ block: 'center' });
        match?.focus({ preventScroll: true });
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, [reveal]);

  return (
    // Native scrolling: Mantine's ScrollArea lets a long unbroken value widen its content past the panel.
    <section
      aria-label="Editing panel"
      style={{
        borderLeft: '1px solid var(--mantine-color-gray-3)',
        minHeight: 0,
        overflowY: 'auto',
        overflowX: 'hidden',
      }}
    >
      <div ref={editor} style={{ padding: 12 }}>
        <Stack gap="sm">
          <Notices />
          {!contract && !unreadable && <Loader size="sm" aria-label="Loading" />}
          {entry && contract && (
            <FormProvider>
              <EntryNotes />
              <EntryEditor entry={entry} contract={contract} />
            </FormProvider>
          )}
        </Stack>
      </div>
    </section>
  );
}
