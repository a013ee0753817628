// Tooltips: an anchor `[data-tooltip]` holds its trigger (the first child) and its tooltip element
// (`[role="tooltip"]`, hidden in the markup). Shown on hover or keyboard focus after the anchor's
// open delay; once one has closed, the next opens at once for the skip delay, so moving along a row
// of buttons does not wait each time. Hidden on leave, blur or Escape; the trigger is described by
// the tooltip only while it shows.

const timers = new WeakMap<Element, ReturnType<typeof setTimeout>>();
let lastClosedAt = -Infinity;

const delay = (anchor: Element, name: string) => Number(anchor.getAttribute(name)) || 0;
const tipOf = (anchor: Element) => anchor.querySelector<HTMLElement>(':scope > [role="tooltip"]');

function show(anchor: Element): void {
  clearTimeout(timers.get(anchor));
  const wait = Date.now() - lastClosedAt < delay(anchor, 'data-skip-delay') ? 0 : delay(anchor, 'data-open-delay');
  timers.set(
    anchor,
    setTimeout(() => {
      const tip = tipOf(anchor);
      if (!tip) return;
      tip.hidden = false;
      anchor.firstElementChild?.setAttribute('aria-describedby', tip.id);
    }, wait),
  );
}

function hide(anchor: Element): void {
  clearTimeout(timers.get(anchor));
  const tip = tipOf(anchor);
  if (!tip || tip.hidden) return;
  tip.hidden = true;
  anchor.firstElementChild?.removeAttribute('aria-describedby');
  lastClosedAt = Date.now();
}

export function installTooltips(doc: Document): void {
  const anchorOf = (target: EventTarget | null) => (target as Element | null)?.closest?.('[data-tooltip]') ?? null;
  // pointerenter and pointerleave do not bubble; listening in the capture phase sees them all.
  doc.addEventListener(
    'pointerenter',
    (event) => {
      if ((event.target as Element).matches?.('[data-tooltip]')) show(event.target as Element);
    },
    true,
  );
  doc.addEventListener(
    'pointerleave',
    (event) => {
      if ((event.target as Element).matches?.('[data-tooltip]')) hide(event.target as Element);
    },
    true,
  );
  doc.addEventListener('focusin', (event) => {
    const anchor = anchorOf(event.target);
    if (anchor) show(anchor);
  });
  doc.addEventListener('focusout', (event) => {
    const anchor = anchorOf(event.target);
    if (anchor && !anchor.contains(event.relatedTarget as Node | null)) hide(anchor);
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const anchor of doc.querySelectorAll('[data-tooltip]')) hide(anchor);
  });
}
