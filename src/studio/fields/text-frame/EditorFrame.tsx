// The frame both text editors (Markdown and Visual) sit in: the field's label, help and problem as
// Mantine gives every field, a box that looks and reacts like a Mantine input, the formatting
// toolbar on top and the editor itself below.
import { Input } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './EditorFrame.module.css';

export function EditorFrame({
  id,
  label,
  description,
  error,
  onLabelClick,
  toolbar,
  children,
}: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  /** The label is no <label> (the editor is no input): a click on it focuses the editor this way. */
  onLabelClick: () => void;
  toolbar: ReactNode;
  children: ReactNode;
}) {
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      labelElement="div"
      labelProps={{ onClick: onLabelClick }}
    >
      <div className={classes.frame} data-error={error ? true : undefined}>
        <div className={classes.toolbar}>{toolbar}</div>
        {children}
      </div>
    </Input.Wrapper>
  );
}
