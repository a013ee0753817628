// A Markdown body edited as it looks: headings, lists, quotes, links and images with their
// descriptions, in a ProseMirror editor. The studio's draft owns the Markdown: each edit is written
// back block by block (markdown-blocks.ts), so the file changes only where the text was edited, and
// a value changed from outside (the studio's undo, a reload) replaces only the blocks that differ.
import { Stack, Typography } from '@mantine/core';
import { EditorState, type Command, type Transaction } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import 'prosemirror-view/style/prosemirror.css';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ImageDialog } from '../markdown/ImageDialog.tsx';
import { LinkDialog } from '../markdown/LinkDialog.tsx';
import { Toolbar } from '../markdown/Toolbar.tsx';
import { imageView } from './image-view.ts';
import { readMarkdown, writeMarkdown, type Layout } from './markdown-blocks.ts';
import { cleanPastedHtml, pasteParser } from './paste.ts';
import {
  insertLink,
  placeImage,
  replaceDifference,
  selectedImage,
  selectedText,
  visualFormats,
  visualKeys,
} from './visual-commands.ts';
import { EditorFrame } from '../text-frame/EditorFrame.tsx';
import classes from './VisualEditor.module.css';

const label = 'Text';
const description =
  'Format with the buttons: headings, lists, quotes, links and images. Text pasted from Word or Google Docs keeps only this formatting.';

/** Marks a change that came from the draft, so it is not reported back as an edit. */
const fromOutside = 'fromOutside';

const attributesFor = (id: string, error: string | undefined) => ({
  role: 'textbox',
  'aria-multiline': 'true',
  'aria-label': label,
  'aria-describedby': error ? `${id}-error ${id}-description` : `${id}-description`,
  'data-text-body': '',
  ...(error ? { 'aria-invalid': 'true' } : {}),
});

type Dialog = { kind: 'link'; words: string } | { kind: 'image'; initial?: { src: string; alt: string } };

export function VisualEditor({
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
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);
  /** The layout of the Markdown last written or read, and that Markdown. */
  const written = useRef<{ layout: Layout; markdown: string }>(null);
  const first = useRef({ value, error });
  const [dialog, setDialog] = useState<Dialog>();
  const openLink = useCallback(() => {
    if (view.current) setDialog({ kind: 'link', words: selectedText(view.current.state) });
  }, []);
  const run = (command: Command) => {
    const editor = view.current;
    if (!editor) return;
    command(editor.state, editor.dispatch);
    editor.focus();
  };
  /** Closes the dialog, after `command` changed the text; the focus goes back to the editor. */
  const refocus = useRef(false);
  const finish = (command?: Command) => {
    if (view.current && command) command(view.current.state, view.current.dispatch);
    refocus.current = true;
    setDialog(undefined);
  };
  useEffect(() => {
    if (dialog || !refocus.current) return;
    refocus.current = false;
    view.current?.focus();
  }, [dialog]);

  useEffect(() => {
    const { doc, layout } = readMarkdown(first.current.value);
    written.current = { layout, markdown: first.current.value };
    const editor: EditorView = new EditorView(host.current!, {
      state: EditorState.create({ doc, plugins: visualKeys(openLink) }),
      attributes: attributesFor(id, first.current.error),
      clipboardParser: pasteParser,
      transformPastedHTML: cleanPastedHtml,
      nodeViews: { image: imageView },
      dispatchTransaction(tr: Transaction) {
        const state = editor.state.apply(tr);
        editor.updateState(state);
        if (!tr.docChanged || tr.getMeta(fromOutside) || !written.current) return;
        written.current = writeMarkdown(state.doc, written.current.layout);
        report.current(written.current.markdown);
      },
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [id, openLink]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !written.current || written.current.markdown === value) return;
    const { doc, layout } = readMarkdown(value);
    written.current = { layout, markdown: value };
    const tr = replaceDifference(editor.state, doc);
    if (tr) editor.dispatch(tr.setMeta(fromOutside, true));
  }, [value]);

  useEffect(() => {
    view.current?.setProps({ attributes: attributesFor(id, error) });
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
            onFormat={(action) => run(visualFormats[action])}
            onLink={openLink}
            onImage={() =>
              setDialog({ kind: 'image', initial: view.current ? selectedImage(view.current.state) : undefined })
            }
          />
        }
      >
        <Typography className={classes.text}>
          <div ref={host} />
        </Typography>
      </EditorFrame>
      {dialog?.kind === 'link' && (
        <LinkDialog
          words={dialog.words}
          onInsert={(words, address) => finish(insertLink(words, address))}
          onClose={() => finish()}
        />
      )}
      {dialog?.kind === 'image' && (
        <ImageDialog
          initial={dialog.initial}
          onInsert={(alt, src) => finish(placeImage(src, alt))}
          onClose={() => finish()}
        />
      )}
    </Stack>
  );
}
