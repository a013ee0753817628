// A Markdown body written as Markdown: in a CodeMirror editor (Markdown
// highlighting, wrapped lines), rendered below it with the same Markdown rules as the site
// (markdown-it, raw HTML escaped). The studio's draft owns the text: the editor reports every edit
// and takes the value back whenever it changes from outside (the studio's undo, a reload).
import { defaultKeymap } from '@codemirror/commands';
import { markdown as markdownLanguage } from '@codemirror/lang-markdown';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Annotation, Compartment, EditorState, Transaction } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { Stack, Typography } from '@mantine/core';
import MarkdownIt from 'markdown-it';
import { siteUrl } from '../../../routing/site-base.ts';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { applyEdit, currentEdit, difference, formats, formattingKeys } from './editor-commands.ts';
import { ImageDialog } from './ImageDialog.tsx';
import { LinkDialog } from './LinkDialog.tsx';
import { insertImage, insertLink, selectedWords, type Edit } from './markdown-commands.ts';
import { Toolbar } from './Toolbar.tsx';
import { EditorFrame } from '../text-frame/EditorFrame.tsx';
import classes from './MarkdownEditor.module.css';

const markdown = new MarkdownIt({ html: false, linkify: true });
// The text's pictures are the site's addresses, which the preview serves under its own base.
const renderImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const image = tokens[index];
  image.attrSet('src', siteUrl(String(image.attrGet('src') ?? '')));
  return renderImage(tokens, index, options, env, self);
};

const label = 'Text (Markdown)';
const description =
  'Format with the buttons, or write Markdown: ## for a heading, **bold**, - for a list, [words](/address) for a link.';

/** Marks the editor's own copy of a value set from outside, so it is not reported back as an edit. */
const fromOutside = Annotation.define<boolean>();

const describedBy = (id: string, error: string | undefined) =>
  EditorView.contentAttributes.of({
    'aria-describedby': error ? `${id}-error ${id}-description` : `${id}-description`,
    ...(error ? { 'aria-invalid': 'true' } : {}),
  });

export function MarkdownEditor({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (next: string) => void;
  error?: string;
}) {
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(null);
  const described = useRef(new Compartment());
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);
  /** What the editor starts with; later values and errors reach it through the effects below. */
  const first = useRef({ value, error });
  /** The open dialog; a link's starts with the words selected when it opened. */
  const [dialog, setDialog] = useState<{ kind: 'link'; words: string } | { kind: 'image' }>();
  const openLink = useCallback(() => {
    if (view.current) setDialog({ kind: 'link', words: selectedWords(currentEdit(view.current)) });
  }, []);
  /** Closes the dialog, after `command` changed the editor's text; the focus goes back to the editor. */
  const refocus = useRef(false);
  const finish = (command?: (edit: Edit) => Edit) => {
    if (view.current && command) applyEdit(view.current, command);
    refocus.current = true;
    setDialog(undefined);
  };
  useEffect(() => {
    if (dialog || !refocus.current) return;
    refocus.current = false;
    view.current?.focus();
  }, [dialog]);
  const deferred = useDeferredValue(value);
  const html = useMemo(() => markdown.render(deferred), [deferred]);

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: first.current.value,
        extensions: [
          // No Tab binding: Tab leaves the editor, as it leaves every other field of the form. No
          // history of its own: undo and redo are the studio's (use-studio-keys.ts).
          keymap.of(defaultKeymap),
          formattingKeys(openLink),
          markdownLanguage(),
          syntaxHighlighting(defaultHighlightStyle),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label, 'data-text-body': '' }),
          described.current.of(describedBy(id, first.current.error)),
          // Focus coming back by keyboard (or from code) lets the browser put back the caret it
          // had in the old DOM, which a change made meanwhile (the studio's undo) has replaced; the
          // editor's own selection, mapped through that change, is the right one.
          EditorView.domEventHandlers({ focus: (_event, editor) => editor.focus() }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((t) => t.annotation(fromOutside)))
              report.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [id, openLink]);

  useEffect(() => {
    const editor = view.current;
    const current = editor?.state.doc.toString();
    if (!editor || current === undefined || current === value) return;
    // Kept out of the editor's own undo history: the studio's undo made this change. A caret where
    // text comes back (a redo) ends up after it, as after typing it.
    const changes = editor.state.changes(difference(current, value));
    editor.dispatch({
      changes,
      selection: editor.state.selection.map(changes, 1),
      annotations: [fromOutside.of(true), Transaction.addToHistory.of(false)],
    });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: described.current.reconfigure(describedBy(id, error)) });
  }, [id, error]);

  return (
    <Stack gap="sm">
      <EditorFrame
        id={id}
        label={label}
        description={description}
        error={error}
        onLabelClick={() => view.current?.focus()}
        toolbar={
          <Toolbar
            onFormat={(action) => view.current && applyEdit(view.current, formats[action])}
            onLink={openLink}
            onImage={() => setDialog({ kind: 'image' })}
          />
        }
      >
        <div ref={host} className={classes.editor} />
      </EditorFrame>
      {dialog?.kind === 'link' && (
        <LinkDialog
          words={dialog.words}
          onInsert={(words, address) => finish((edit) => insertLink(edit, words, address))}
          onClose={() => finish()}
        />
      )}
      {dialog?.kind === 'image' && (
        <ImageDialog onInsert={(alt, src) => finish((edit) => insertImage(edit, alt, src))} onClose={() => finish()} />
      )}
      <div aria-label="Rendered text" role="region" className={classes.preview}>
        <Typography>
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </Typography>
      </div>
    </Stack>
  );
}
