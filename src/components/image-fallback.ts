// SmartImage's designed fallback on visitors' pages, which React does not hydrate: an image that
// fails to load (before this script ran or after) is replaced, with its <picture>, by the same
// panel SmartImage renders when it fails in React (the dev server, the studio's preview): the
// fallback class and the image's own classes, its aspect ratio, its alt text as the panel's name
// (a decorative image leaves a decorative panel, hidden from screen readers).
import classes from './SmartImage.module.css';

function fallbackFor(img: HTMLImageElement): HTMLElement {
  const doc = img.ownerDocument;
  const panel = doc.createElement('div');
  const own = [...img.classList].filter((name) => name !== classes.image);
  panel.className = [classes.fallback, ...own].join(' ');
  panel.style.aspectRatio = `${img.getAttribute('width')} / ${img.getAttribute('height')}`;
  panel.setAttribute('data-image-fallback', '');
  const alt = img.getAttribute('alt') ?? '';
  if (alt) {
    panel.setAttribute('role', 'img');
    panel.setAttribute('aria-label', alt);
  } else panel.setAttribute('aria-hidden', 'true');
  const text = doc.createElement('span');
  text.setAttribute('aria-hidden', 'true');
  text.textContent = alt;
  panel.append(text);
  return panel;
}

function showFallback(img: HTMLImageElement): void {
  // An island's images are its own React's (SmartImage checks them once hydrated).
  if (!img.isConnected || !img.classList.contains(classes.image) || img.closest('[data-island]')) return;
  const picture = img.parentElement?.tagName === 'PICTURE' ? img.parentElement : img;
  picture.replaceWith(fallbackFor(img));
}

export function installImageFallback(doc: Document): void {
  // An image's error event does not bubble: it is caught on its way down.
  doc.addEventListener(
    'error',
    (event) => event.target instanceof HTMLImageElement && showFallback(event.target),
    true,
  );
  // One that failed before this script ran is complete with no size.
  for (const img of doc.querySelectorAll<HTMLImageElement>(`img.${classes.image}`))
    if (img.complete && img.naturalWidth === 0) showFallback(img);
}
