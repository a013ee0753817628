// For browsers without scroll-state container queries: the header's row of links gives way to the
// menu button when it overflows its box, measured here instead of in CSS. Chromium needs none of
// it, so its first paint is already right. Boxes rendered later (by React) are watched as they come.

export function installOverflowFallback(doc: Document): void {
  const win = doc.defaultView;
  if (!win || win.CSS?.supports?.('container-type', 'scroll-state') || !('ResizeObserver' in win)) return;
  const watched = new WeakSet<Element>();
  const measure = (box: Element) => box.toggleAttribute('data-overflowing', box.scrollWidth > box.clientWidth);
  const observer = new win.ResizeObserver((entries) => {
    for (const entry of entries) {
      const box = entry.target.closest('[data-overflow-box]');
      if (box) measure(box);
    }
  });
  const watch = () => {
    for (const box of doc.querySelectorAll('[data-overflow-box]')) {
      if (watched.has(box)) continue;
      watched.add(box);
      observer.observe(box);
      if (box.firstElementChild) observer.observe(box.firstElementChild);
    }
  };
  watch();
  new win.MutationObserver(watch).observe(doc.documentElement, { childList: true, subtree: true });
}
