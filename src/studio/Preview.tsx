// The real page, as the dev server renders it for visitors (same renderer, same CSS), in a frame.
// In the frame the site's renderer marks each section's root with its index (`data-section`, only
// in edit mode: src/components/edit-mode.ts); the studio adds a style and a click listener. Hovering
// outlines a section and names its type; a click selects it and reports what was clicked. The
// rest of the page (header, menu, footer, dialogs) works as on the site, links excepted.
import { useEffect, useRef } from 'react';
import { previewFrameAttribute } from '../components/edit-mode.ts';
import type { Clue } from './click-path.ts';
import type { FrameFit } from './PreviewWidths.tsx';
import { sitePath, siteUrl } from '../routing/site-base.ts';
import type { Contract } from './schema.ts';
import { useStudio } from './store/store.ts';
import { sectionName } from './TypePicker.tsx';

const studioStyle = `
[data-section] { cursor: pointer; }
[data-section]:hover { outline: 2px solid #1c7ed6; outline-offset: -2px; position: relative; }
[data-section]:hover::before { content: attr(data-type); position: absolute; top: 0; left: 0; z-index: 10; background: #1c7ed6; color: #fff; font: 600 12px/1.6 system-ui, sans-serif; padding: 0 6px; }
[data-studio-selected] { outline: 3px solid #e8590c !important; outline-offset: -3px; }
`;

/** The hover label of each section type: its name as the panel and the outline say it (the schema's title). */
const sectionNamesStyle = (contract?: Contract) =>
  (contract?.sectionTypes ?? [])
    .map(
      (type) =>
        `[data-section][data-type=${JSON.stringify(type)}]:hover::before { content: ${JSON.stringify(sectionName(contract!, type))}; }`,
    )
    .join('\n');

/** What acts on the page itself: a button that submits no form, a disclosure. */
const pageControls = 'button[type="button"], summary';

/** What the pointer hit: the text node under it, the clicked element and its ancestors up to the section, and an image. */
function clueOf(event: MouseEvent, section: Element): Clue {
  const target = event.target as Element;
  const texts: string[] = [];
  const under = section.ownerDocument.caretRangeFromPoint(event.clientX, event.clientY)?.startContainer;
  if (under?.nodeType === Node.TEXT_NODE && target.contains(under)) texts.push(under.textContent ?? '');
  for (let element: Element | null = target; element && element !== section; element = element.parentElement)
    texts.push(element.textContent ?? '');
  const img = target.closest('img');
  return {
    texts,
    ...(img && { image: { src: sitePath(img.getAttribute('src') ?? ''), alt: img.getAttribute('alt') ?? '' } }),
  };
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
  fit,
  selected,
  onPick,
}: {
  route?: string;
  /** The frame's size in CSS pixels and the scale it is drawn at; unmeasured yet: the pane's size. */
  fit?: FrameFit;
  selected?: number;
  onPick: (index: number, clue: Clue) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef({ selected, onPick });
  const names = sectionNamesStyle(useStudio((state) => state.site?.contract));
  const namesNow = useRef(names);
  useEffect(() => {
    namesNow.current = names;
    const style = frame.current?.contentDocument?.getElementById('studio-section-names');
    if (style) style.textContent = names;
  }, [names]);
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
      const target = event.target as Element;
      const section = target.closest('[data-section]');
      // Outside the sections (the header and its menu, the footer, open dialogs) the page works as
      // on the site, but a link does not leave the page being edited.
      if (!section) {
        if (target.closest('a[href]')) event.preventDefault();
        return;
      }
      latest.current.onPick(Number(section.getAttribute('data-section')), clueOf(event, section));
      // A button that does something on the page (opens a dialog or an answer) does it too; any
      // other click in a section, a link's or a form's included, only means "edit this".
      if (target.closest(pageControls)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    const onLoaded = () => {
      const doc = element.contentDocument;
      if (!doc?.body || doc.getElementById('studio-style')) return;
      const style = doc.createElement('style');
      style.id = 'studio-style';
      style.textContent = studioStyle;
      const named = doc.createElement('style');
      named.id = 'studio-section-names';
      named.textContent = namesNow.current;
      doc.head.append(style, named);
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
  // The attribute tells the page in the frame that it is the studio's preview (edit mode). The
  // frame has the chosen width in CSS pixels, so the page's layout is that width's; drawn scaled
  // when the pane is narrower. A frame narrower than the pane stands in its middle.
  return (
    <div
      style={{
        width: fit ? fit.width * fit.scale : '100%',
        height: '100%',
        margin: '0 auto',
        overflow: 'hidden',
        background: '#fff',
        boxShadow: '0 0 0 1px var(--mantine-color-gray-3)',
      }}
    >
      <iframe
        ref={frame}
        title="Page preview"
        src={siteUrl(route)}
        {...{ [previewFrameAttribute]: '' }}
        style={{
          border: 0,
          display: 'block',
          width: fit ? fit.width : '100%',
          height: fit ? fit.height : '100%',
          transform: fit && fit.scale < 1 ? `scale(${fit.scale})` : undefined,
          transformOrigin: '0 0',
        }}
      />
    </div>
  );
}
