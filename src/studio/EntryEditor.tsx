// The editing panel's body for the open entry: a page's outline with its settings or the selected
// section's fields, an article's fields and Markdown body, or the fields of any other entry.
import { Stack, Title } from '@mantine/core';
import { useContext } from 'react';
import type { Entry, Json } from './api.ts';
import { startsWith } from './data-path.ts';
import { MarkdownField } from './MarkdownField.tsx';
import { Outline } from './Outline.tsx';
import type { Contract } from './schema.ts';
import { Field, FormContext, ObjectFields } from './SchemaForm.tsx';

/** The unsaved state of an entry: its data, and the Markdown body of an article or document. */
export interface Draft {
  data: Json;
  body?: string;
}

export function EntryEditor({ entry, draft, sections, selected, contract, onSelect, onSections, onBody, bodyError }: { entry: Entry; draft: Draft; sections?: Json[]; selected?: number; contract: Contract; onSelect: (i: number | undefined) => void; onSections: (next: Json[], select?: number) => void; onBody: (body: string) => void; bodyError?: string }) {
  const errors = useContext(FormContext)?.errors ?? [];
  if (entry.kind === 'document') return <MarkdownField key={entry.file} value={draft.body ?? ''} onChange={onBody} error={bodyError} />;
  const root = contract.root(entry.kind === 'settings' ? 'settings' : entry.kind);
  if (entry.kind === 'page' && sections) {
    const sectionSchema = root.schema.properties?.sections?.items ?? {};
    return (
      <Stack gap="md">
        <Outline sections={sections} selected={selected} contract={contract} onSelect={onSelect} onChange={onSections} errorsAt={(index) => errors.filter((error) => startsWith(error.at, ['sections', index])).length} />
        {selected === undefined || selected >= sections.length ? (
          <ObjectFields resolved={root} value={draft.data} path={[]} skip={['sections']} />
        ) : (
          <div key={selected}>
            <Title order={2} size="h5" mb="xs">Section {selected + 1}</Title>
            <Field name={`Section ${selected + 1}`} schema={sectionSchema} file={root.file} value={sections[selected]} path={['sections', selected]} required />
          </div>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <ObjectFields resolved={root} value={draft.data} path={[]} />
      {entry.kind === 'article' && <MarkdownField key={entry.file} value={draft.body ?? ''} onChange={onBody} error={bodyError} />}
    </Stack>
  );
}
