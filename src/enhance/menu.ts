// The header's menu button: opens and closes the menu it controls (aria-controls), switching its
// label (from data-open-label / data-close-label) and aria-expanded; the icon follows aria-expanded
// in CSS. A link chosen in the header, or Escape, closes it.

const openToggles = (doc: Document) => doc.querySelectorAll<HTMLElement>('[data-menu-toggle][aria-expanded="true"]');

function setMenuOpen(toggle: HTMLElement, open: boolean): void {
  const menu = toggle.ownerDocument.getElementById(toggle.getAttribute('aria-controls') ?? '');
  toggle.setAttribute('aria-expanded', String(open));
  const label = toggle.getAttribute(open ? 'data-close-label' : 'data-open-label');
  if (label) toggle.setAttribute('aria-label', label);
  if (!menu) return;
  menu.hidden = !open;
  menu.toggleAttribute('data-opened', open);
}

export function installMenu(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const toggle = target?.closest?.<HTMLElement>('[data-menu-toggle]');
    if (toggle) return setMenuOpen(toggle, toggle.getAttribute('aria-expanded') !== 'true');
    const link = target?.closest?.('a[href]');
    if (!link) return;
    for (const open of openToggles(doc)) if (open.closest('header')?.contains(link)) setMenuOpen(open, false);
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const open of openToggles(doc)) {
      const menu = doc.getElementById(open.getAttribute('aria-controls') ?? '');
      const focusInside = menu?.contains(doc.activeElement) ?? false;
      setMenuOpen(open, false);
      // Focus left in a menu that is now hidden would be lost: it goes back to the button.
      if (focusInside) open.focus();
    }
  });
}
