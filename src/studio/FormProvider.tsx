// The forms' shared context, built from the store: the contract and lists, the live check's
// errors, the field to reveal, reviewers' notes, edits as named actions, and the field dispatcher.
import { useCallback, useMemo, type ReactNode } from 'react';
import type { DataPath, Json } from './api.ts';
import { AutoField } from './fields/AutoField.tsx';
import { FormContext, type FormContextValue } from './fields/form-context.ts';
import { useStore, useStudio } from './store/store.ts';
import { startsWith } from './data-path.ts';
import { useReviewNotes } from './team-review/team-review-api.ts';
import { freshItem, leaveFresh, outsideFresh, useFreshItem } from './fresh-item.ts';

export function FormProvider({ children }: { children: ReactNode }) {
  const { dispatch } = useStore();
  const site = useStudio((state) => state.site);
  const check = useStudio((state) => state.check);
  const reveal = useStudio((state) => state.reveal);
  const file = useStudio((state) => state.entry?.file ?? '');
  // Stable, so a keystroke re-renders only the fields on its path (AutoField is memoised).
  const fresh = useFreshItem();
  const notes = useReviewNotes(file);
  const onChange = useCallback(
    (path: DataPath, value: Json | undefined) => {
      // An edit elsewhere than in the new item (or its list) leaves it.
      const item = freshItem();
      if (item && !startsWith(path, item) && !startsWith(item, path)) leaveFresh();
      dispatch({ type: 'edit', path, value, at: Date.now() });
    },
    [dispatch],
  );
  const onMerge = useCallback(
    (file: string, path: DataPath, fields: Record<string, Json>) =>
      dispatch({ type: 'merge', file, path, fields, at: Date.now() }),
    [dispatch],
  );
  const onImageUploaded = useCallback((src: string) => dispatch({ type: 'imageAdded', src }), [dispatch]);
  const form: FormContextValue | undefined = useMemo(
    () =>
      site && {
        ...site,
        file,
        errors: outsideFresh(check?.errors ?? [], fresh),
        onChange,
        onMerge,
        onImageUploaded,
        reveal,
        notes,
        Field: AutoField,
      },
    [site, file, check, fresh, onChange, onMerge, onImageUploaded, reveal, notes],
  );
  return form ? <FormContext.Provider value={form}>{children}</FormContext.Provider> : null;
}
