// Renders a form definition's fields with Mantine inputs. Native <select> elements keep the
// browser's own required check and work with any assistive technology.
import '@mantine/core/styles/Input.css';
import { NativeSelect, Textarea, TextInput } from '@mantine/core';
import type { FormDefinition, FormField } from '../../shared/generated/content.ts';
import { HONEYPOT_FIELD } from '../../shared/lead-protocol.ts';
import classes from './FormFields.module.css';
import { ResponsiveGrid } from '../components/ResponsiveGrid.tsx';
import { useWords } from '../site-context.tsx';

export type FormValues = Record<string, string>;

export const emptyValues = (form: FormDefinition): FormValues =>
  Object.fromEntries([...form.fields.map((f) => [f.name, '']), [HONEYPOT_FIELD, '']]);

const defaultMaxLength = (field: FormField) => field.maxLength ?? (field.kind === 'textarea' ? 5000 : 200);

function Field({
  field,
  value,
  onChange,
  idPrefix,
}: {
  field: FormField;
  value: string;
  onChange: (value: string) => void;
  idPrefix: string;
}) {
  const words = useWords();
  const common = {
    id: `${idPrefix}-${field.name}`,
    name: field.name,
    label: field.label,
    required: field.required ?? false,
    withAsterisk: field.asterisk ?? field.required ?? false,
    value,
  };
  if (field.kind === 'select') {
    const data = [
      { value: '', label: field.placeholder ?? words.choose, disabled: field.required ?? false },
      ...(field.options ?? []),
    ];
    return <NativeSelect {...common} data={data} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
  if (field.kind === 'textarea') {
    return (
      <Textarea
        {...common}
        placeholder={field.placeholder}
        rows={field.rows ?? 4}
        maxLength={defaultMaxLength(field)}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  return (
    <TextInput
      {...common}
      type={field.kind}
      placeholder={field.placeholder}
      maxLength={defaultMaxLength(field)}
      autoComplete={
        {
          text:
            field.name === 'name'
              ? 'name'
              : field.name === 'company'
                ? 'organization'
                : field.name === 'role'
                  ? 'organization-title'
                  : 'on',
          email: 'email',
          tel: 'tel',
        }[field.kind]
      }
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

export function FormFields({
  form,
  values,
  onChange,
  idPrefix,
}: {
  form: FormDefinition;
  values: FormValues;
  onChange: (name: string, value: string) => void;
  idPrefix: string;
}) {
  const words = useWords();
  return (
    <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {form.fields.map((field) => (
        <div key={field.name} className={field.half ? undefined : classes.full}>
          <Field
            field={field}
            value={values[field.name] ?? ''}
            onChange={(value) => onChange(field.name, value)}
            idPrefix={idPrefix}
          />
        </div>
      ))}
      {/* The honeypot: off-screen, skipped by keyboard and screen readers, filled only by bots. */}
      <div className={classes.honeypot} aria-hidden="true">
        <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>{words.leaveEmpty}</label>
        <input
          id={`${idPrefix}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={values[HONEYPOT_FIELD] ?? ''}
          onChange={(event) => onChange(HONEYPOT_FIELD, event.currentTarget.value)}
        />
      </div>
    </ResponsiveGrid>
  );
}
