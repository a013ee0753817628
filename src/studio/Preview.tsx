// The real page, as the dev server renders it for visitors (same renderer, same CSS), in a frame.
// The studio marks its sections from outside, after each load and each re-render (an edit
// re-renders the page in place): the site's own components carry nothing for the studio. Hovering
// outlines a section and names its type; a click selects it.
import { useEffect, useRef } from 'react';

const studioStyle = `
[data-studio-section] { cursor: pointer; }
[data-studio-section]:hover { outline: 2px solid #1c7ed6; outline-offset: -2px; position: relative; }
[data-studio-section]:hover::before { content: attr(data-type); position: absolute; top: 0; left: 0; z-index: 10; background: #1c7ed6; color: #fff; font: 600 12px/1.6 system-ui, sans-serif; padding: 0 6px; }
[data-studio-selected] { outline: 3px solid #e8590c !important; outline-offset: -3px; }
`;

/** Pairs the page's rendered sections with the entry's sections (a hidden one renders nothing). */
function markSections(doc: Document, types: string[]): HTMLElement[] {
  const rendered = [...doc.querySelectorAll<HTMLElement>('main section[data-type], section[data-type]')].filter((el, i, all) => all.indexOf(el) === i && !el.parentElement?.closest('section[data-type]'));
  let next = 0;
  for (const element of rendered) {
    while (next < types.length && types[next] !== element.dataset.type) next++;
    if (next >= types.length) break;
    element.dataset.studioSection = String(next++);
  }
  return rendered;
}

export function Preview({ route, types, selected, onSelect, onLoad }: { route?: string; types: string[]; selected?: number; onSelect: (index: number, text: string) => void; onLoad?: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef({ types, selected, onSelect, onLoad });
  latest.current = { types, selected, onSelect, onLoad };

  const decorate = () => {
    const doc = frame.current?.contentDocument;
    if (!doc?.body) return;
    if (!doc.getElementById('studio-style')) {
      const style = doc.createElement('style');
      style.id = 'studio-style';
      style.textContent = studioStyle;
      doc.head.append(style);
      doc.addEventListener(
        'click',
        (event) => {
          const target = event.target as HTMLElement;
          const section = target.closest<HTMLElement>('[data-studio-section]');
          // Links and buttons in the preview do not navigate: a click means "edit this".
          event.preventDefault();
          event.stopPropagation();
          // The text of the whole heading or paragraph clicked, not of the word in it (a headline's
          // highlighted words are a span of their own, and also the value of the Highlight field).
          const block = target.closest('h1, h2, h3, h4, h5, h6, p, dt, dd, td, th, figcaption, blockquote');
          const text = (block && section?.contains(block) ? block : target).textContent ?? '';
          if (section) latest.current.onSelect(Number(section.dataset.studioSection), text.trim());
        },
        true,
      );
    }
    markSections(doc, latest.current.types);
    doc.querySelectorAll('[data-studio-selected]').forEach((el) => el.removeAttribute('data-studio-selected'));
    const chosen = doc.querySelector<HTMLElement>(`[data-studio-section="${latest.current.selected}"]`);
    chosen?.setAttribute('data-studio-selected', '');
  };

  useEffect(() => {
    decorate();
    const doc = frame.current?.contentDocument;
    doc?.querySelector(`[data-studio-section="${selected}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [types.join(), selected]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    // The page renders after its data arrives: mark sections whenever the DOM settles.
    let observer: MutationObserver | undefined;
    const onLoaded = () => {
      observer?.disconnect();
      const doc = element.contentDocument;
      if (!doc?.body) return;
      observer = new MutationObserver(() => decorate());
      observer.observe(doc.body, { childList: true, subtree: true });
      decorate();
      latest.current.onLoad?.();
    };
    element.addEventListener('load', onLoaded);
    return () => {
      element.removeEventListener('load', onLoaded);
      observer?.disconnect();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  if (!route) return <p style={{ padding: 16 }}>This entry has no page of its own to preview.</p>;
  return <iframe ref={frame} title="Page preview" src={route} style={{ border: 0, width: '100%', height: '100%', display: 'block' }} />;
}
