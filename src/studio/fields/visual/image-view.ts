// An image in the visual editor shows with its description under it, or with a word that it has
// none yet, so a missing description is seen where the image is.
import type { Node } from 'prosemirror-model';
import type { NodeView } from 'prosemirror-view';
import { siteUrl } from '../../../routing/site-base.ts';

export function imageView(node: Node): NodeView {
  const dom = document.createElement('span');
  dom.className = 'visual-image';
  const image = document.createElement('img');
  image.src = siteUrl(String(node.attrs.src));
  const alt = String(node.attrs.alt ?? '').trim();
  image.alt = alt;
  const caption = document.createElement('span');
  caption.className = 'visual-image-description';
  caption.textContent = alt
    ? `Description: ${alt}`
    : 'No description yet: click the image, then Image, to describe it.';
  if (!alt) caption.dataset.missing = 'true';
  dom.append(image, caption);
  return { dom };
}
