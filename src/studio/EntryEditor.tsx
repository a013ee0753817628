// The editing panel's body for the open entry: a page's outline with its settings or the selected
// section's fields, an article's fields and Markdown body, or the fields of any other entry.
import { Stack, Title } from '@mantine/core';
import { useCallback } from 'react';
import { partHolds } from '../../shared/entry-groups.ts';
import type { Entry, Json } from './api.ts';
import { AutoField } from './fields/AutoField.tsx';
import { errorAt } from './fields/form-context.ts';
import { ObjectFields } from './fields/GroupField.tsx';
import { MarkdownField } from './fields/MarkdownField.tsx';
import { Outline } from './Outline.tsx';
import { SearchPreview } from './SearchPreview.tsx';
import type { Contract } from './schema.ts';
import { sectionsOf } from './store/studio-state.ts';
import { useStore, useStudio } from './store/store.ts';

export function EntryEditor({ entry, contract }: { entry: Entry; contract: Contract }) {
  const draft = useStudio((state) => state.history.present);
  const sections = useStudio(sectionsOf);
  const selected = useStudio((state) => state.selected);
  const root = contract.root(entry.kind);
  if (entry.kind === 'document') return <Body file={entry.file} value={draft.body} />;
  if (sections) {
    const sectionSchema = root.schema.properties?.sections?.items ?? {};
    return (
      <Stack gap="md">
        <Outline sections={sections} selected={selected} contract={contract} />
        {selected === undefined || selected >= sections.length ? (
          <>
            <ObjectFields resolved={root} value={draft.data} path={[]} skip={['sections']} />
            <SearchPreview entry={entry} data={draft.data} />
          </>
        ) : (
          <div key={selected}>
            <Title order={2} size="h5" mb="xs">
              Section {selected + 1}
            </Title>
            <AutoField
              name={`Section ${selected + 1}`}
              schema={sectionSchema}
              file={root.file}
              value={sections[selected] as Json}
              path={['sections', selected]}
              required
            />
          </div>
        )}
      </Stack>
    );
  }
  // A part of the site's settings (the Menu) shows only its own fields of the file.
  const part = entry.part;
  const skip = part ? Object.keys(root.schema.properties ?? {}).filter((key) => !partHolds(part, key)) : [];
  return (
    <Stack gap="md">
      <ObjectFields resolved={root} value={draft.data} path={[]} skip={skip} />
      <SearchPreview entry={entry} data={draft.data} />
      {entry.kind === 'article' && <Body file={entry.file} value={draft.body} />}
    </Stack>
  );
}

/** The Markdown body of an article or document, with the problem the check found in it. */
function Body({ file, value }: { file: string; value?: string }) {
  const { dispatch } = useStore();
  const errors = useStudio((state) => state.check?.errors);
  const error = errors && errorAt(errors, []);
  const onChange = useCallback((body: string) => dispatch({ type: 'body', body, at: Date.now() }), [dispatch]);
  return <MarkdownField key={file} value={value ?? ''} onChange={onChange} error={error} />;
}
