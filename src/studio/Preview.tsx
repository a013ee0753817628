// The real page, as the dev server renders it for visitors (same renderer, same CSS), in a frame.
// In the frame the site's renderer marks each section's root with its index (`data-section`, only
// in edit mode: src/components/edit-mode.ts); the studio adds a style and a click listener. Hovering
// outlines a section and names its type; a click selects it and reports what was clicked.
import { useEffect, useRef } from 'react';
import { previewFrameAttribute } from '../components/edit-mode.ts';
import type { Clue } from './click-path.ts';

const studioStyle = `
[data-section] { cursor: pointer; }
[data-section]:hover { outline: 2px solid #1c7ed6; outline-offset: -2px; position: relative; }
[data-section]:hover::before { content: attr(data-type); position: absolute; top: 0; left: 0; z-index: 10; background: #1c7ed6; color: #fff; font: 600 12px/1.6 system-ui, sans-serif; padding: 0 6px; }
[data-studio-selected] { outline: 3px solid #e8590c !important; outline-offset: -3px; }
`;

/** What the pointer hit: the text node under it, the clicked element and its ancestors up to the section, and an image. */
function clueOf(event: MouseEvent, section: Element): Clue {
  const target = event.target as Element;
  const texts: string[] = [];
  const under = section.ownerDocument.caretRangeFromPoint(event.clientX, event.clientY)?.startContainer;
  if (under?.nodeType === Node.TEXT_NODE && target.contains(under)) texts.push(under.textContent ?? '');
  for (let element: Element | null = target; element && element !== section; element = element.parentElement)
    texts.push(element.textContent ?? '');
  const img = target.closest('img');
  return { texts, ...(img && { image: { src: img.getAttribute('src') ?? '', alt: img.getAttribute('alt') ?? '' } }) };
}

/** Marks the selected section (again after the page re-renders it). */
function markSelected(doc: Document, selected: number | undefined) {
  const chosen = selected === undefined ? null : doc.querySelector(`[data-section="${selected}"]`);
  for (const element of doc.querySelectorAll('[data-studio-selected]'))
    if (element !== chosen) element.removeAttribute('data-studio-selected');
  if (chosen && !chosen.hasAttribute('data-studio-selected')) chosen.setAttribute('data-studio-selected', '');
}

export function Preview({
  route,
  selected,
  onPick,
}: {
  route?: string;
  selected?: number;
  onPick: (index: number, clue: Clue) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef({ selected, onPick });
  useEffect(() => {
    latest.current = { selected, onPick };
  });

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    markSelected(doc, selected);
    if (selected !== undefined)
      doc.querySelector(`[data-section="${selected}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selected]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let observer: MutationObserver | undefined;
    const onClick = (event: MouseEvent) => {
      // Links and buttons in the preview do not navigate: a click means "edit this".
      event.preventDefault();
      event.stopPropagation();
      const section = (event.target as Element).closest('[data-section]');
      if (section) latest.current.onPick(Number(section.getAttribute('data-section')), clueOf(event, section));
    };
    const onLoaded = () => {
      const doc = element.contentDocument;
      if (!doc?.body || doc.getElementById('studio-style')) return;
      const style = doc.createElement('style');
      style.id = 'studio-style';
      style.textContent = studioStyle;
      doc.head.append(style);
      doc.addEventListener('click', onClick, true);
      // The page renders after its data arrives, and again after each edit.
      observer?.disconnect();
      observer = new MutationObserver(() => markSelected(doc, latest.current.selected));
      observer.observe(doc.body, { childList: true, subtree: true });
      markSelected(doc, latest.current.selected);
    };
    element.addEventListener('load', onLoaded);
    if (element.contentDocument?.readyState === 'complete' && element.contentWindow?.location.href !== 'about:blank')
      onLoaded();
    return () => {
      element.removeEventListener('load', onLoaded);
      observer?.disconnect();
    };
  }, []);

  if (!route) return <p style={{ padding: 16 }}>This entry has no page of its own to preview.</p>;
  // The attribute tells the page in the frame that it is the studio's preview (edit mode).
  return (
    <iframe
      ref={frame}
      title="Page preview"
      src={route}
      {...{ [previewFrameAttribute]: '' }}
      style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
    />
  );
}
