// The inquiry form: idle → submitting → success (message, fields reset) or error (message,
// values kept). While submitting, the button shows a loader and further clicks send nothing.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Loader.css';
import { Alert, Button, Paper, Text, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { emptyValues, FormFields, type FormValues } from './FormFields.tsx';
import { sendLead } from './send-lead.ts';
import classes from './InquiryForm.module.css';

type Status = 'idle' | 'submitting' | 'success' | 'error';

export function InquiryForm({ form }: { form: FormDefinition }) {
  const [values, setValues] = useState<FormValues>(() => emptyValues(form));
  const [status, setStatus] = useState<Status>('idle');
  const inFlight = useRef(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus('submitting');
    const ok = await sendLead(form.endpoint, values);
    inFlight.current = false;
    setStatus(ok ? 'success' : 'error');
    if (ok) setValues(emptyValues(form));
  };

  return (
    <Paper
      component="form"
      withBorder
      radius="lg"
      className={classes.form}
      onSubmit={onSubmit}
      aria-labelledby={`${form.id}-title`}
      data-state={status}
    >
      <Title order={2} id={`${form.id}-title`} fz="h3">
        {form.title}
      </Title>
      {form.description && (
        <Text c="dimmed" mt="xs" mb="lg">
          {form.description}
        </Text>
      )}
      <FormFields
        form={form}
        values={values}
        idPrefix={form.id}
        onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
      />
      <div role="status" aria-live="polite">
        {status === 'success' && (
          <Alert color="green" mt="lg" variant="light">
            {form.successMessage}
          </Alert>
        )}
      </div>
      <div role="alert">
        {status === 'error' && (
          <Alert color="red" mt="lg" variant="light">
            {form.errorMessage}
          </Alert>
        )}
      </div>
      <Button type="submit" size="md" mt="lg" loading={status === 'submitting'} fullWidth>
        {form.submitLabel}
      </Button>
    </Paper>
  );
}
