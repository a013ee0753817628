// What every field of a form reads: the contract, the lists to pick from, the live check's errors,
// where an edit goes, and the dispatcher that renders a nested field (passed here rather than
// imported, so the fields that hold fields — groups, lists, images — import no dispatcher and the
// dispatcher imports them without a circle).
import { createContext, useContext, type ComponentType } from 'react';
import { missingFieldOf } from '../../../shared/content-error.ts';
import type { ReviewNote } from '../../../shared/team-review.ts';
import type { DataPath, FieldError, Json } from '../api.ts';
import { samePath } from '../data-path.ts';
import type { Contract, Resolved, Schema } from '../schema.ts';

/** One field as the dispatcher receives it: its name, its schema as written, and where it sits. */
export interface FieldProps {
  name: string | number;
  schema: Schema;
  /** The schema file `schema` is in, for its `$ref`s. */
  file: string;
  value: Json | undefined;
  path: DataPath;
  required: boolean;
  /** The enclosing group's example value for this field: shown as the placeholder of an empty input. */
  example?: Json;
  /** The text of the field this one's words are chosen from (shared/words-from.ts), when it is such a field. */
  source?: string;
}

export interface FormContextValue {
  contract: Contract;
  routes: string[];
  /** Each address's title, shown first in the pickers. */
  titles: Record<string, string>;
  images: string[];
  /** The open file, under site/. */
  file: string;
  errors: FieldError[];
  onChange: (path: DataPath, value: Json | undefined) => void;
  /** Fields that arrive after a wait, set over the object at `path` of `file` as it is then. */
  onMerge: (file: string, path: DataPath, fields: Record<string, Json>) => void;
  onImageUploaded: (src: string) => void;
  /** A field to bring into view (clicked in the preview): the list items holding it open. */
  reveal?: DataPath;
  /** Reviewers' notes left at the open entry's fields (src/studio/team-review/). */
  notes: ReviewNote[];
  /** The dispatcher, for fields inside fields. */
  Field: ComponentType<FieldProps>;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useForm(): FormContextValue {
  const form = useContext(FormContext);
  if (!form) throw new Error('useForm: no FormContext.Provider above this field.');
  return form;
}

/** What Mantine's inputs take from every field: label, help, required, error, and the data path. */
export interface Common {
  label: string;
  description?: string;
  required: boolean;
  error?: string;
  /** The schema's example, shown while the field is empty. */
  placeholder?: string;
  /** Lets the studio find a field's input, to focus the one clicked in the preview. */
  'data-path': string;
}

/** What the dispatcher hands a field of one kind. */
export interface KindProps {
  /** The field's schema with its `$ref`s followed (and, for a section, its type's branch). */
  resolved: Resolved;
  name: string | number;
  label: string;
  value: Json | undefined;
  path: DataPath;
  required: boolean;
  error?: string;
  common: Common;
  /** Replaces the value; an optional field left empty is removed from the file rather than written empty. */
  set: (next: Json | undefined) => void;
}

/**
 * The problems of the field at `path`, in the compiler's words without the file, line or place
 * (the field is the place), each a sentence: "Must not be empty."
 */
/** A problem as its own field says it: a missing field is named by the label above it, not its key. */
const atField = (error: FieldError, path: DataPath) =>
  path.length > 0 && missingFieldOf(error.message) === path.at(-1)
    ? 'Required: fill this in.'
    : error.message.charAt(0).toUpperCase() + error.message.slice(1);

export const errorAt = (errors: FieldError[], path: DataPath) =>
  errors
    .filter((e) => samePath(e.at, path))
    .map((e) => atField(e, path))
    .join(' ') || undefined;

/** The value as an object's fields (none when it is not an object). */
export const recordOf = (value: Json | undefined): Record<string, Json> =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};
