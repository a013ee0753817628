// A built page as a shared preview shows it, rewritten as it is sent: the site's own addresses
// ("/services", "/assets/app.css") point inside the preview; the page's scripts are left out, so
// nothing runs in the visitor's browser (no form is sent by a script, no hydration under an address
// the app does not know) and the page is the prerendered HTML with its styles; a banner without
// script says it is a preview; each form says it is not sent and posts to the preview itself, which
// refuses it; a robots meta says noindex, and the canonical link to the live page is left out.
import { escapeUTF8 } from 'entities';
import { defaultTreeAdapter, parse, parseFragment, serialize, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.ParentNode;
type Element = DefaultTreeAdapterTypes.Element;

export const PREVIEW_BANNER = 'Preview — not the live site';
export const FORM_NOT_SENT = 'This is a preview: forms are not sent.';

/** Prefixes a site address ("/x", not "//host/x") with the preview's base; others stay as they are. */
const inside = (base: string, url: string) => (url.startsWith('/') && !url.startsWith('//') ? base + url : url);

/** `url(/…)` in CSS, quoted or not, pointed inside the preview. */
export const rewriteCss = (css: string, base: string) =>
  css.replace(/url\(\s*(['"]?)\/(?!\/)/g, (_match, quote: string) => `url(${quote}${base}/`);

const rewriteSrcset = (srcset: string, base: string) =>
  srcset
    .split(',')
    .map((candidate) => {
      const [url, ...rest] = candidate.trim().split(/\s+/);
      return [inside(base, url), ...rest].join(' ');
    })
    .join(', ');

const urlAttributes = new Set(['href', 'src', 'poster', 'action', 'xlink:href']);
const droppedLinks = new Set(['modulepreload', 'preload', 'prefetch', 'prerender', 'canonical', 'alternate']);

const isElement = (node: Node): node is Element => 'tagName' in node;

const fragment = (html: string) => parseFragment(html).childNodes;

/** Puts `node` first in `parent` (parse5's insertBefore needs a child to insert before). */
function prepend(parent: DefaultTreeAdapterTypes.ParentNode, node: DefaultTreeAdapterTypes.ChildNode): void {
  const first = parent.childNodes[0];
  if (first) defaultTreeAdapter.insertBefore(parent, node, first);
  else defaultTreeAdapter.appendChild(parent, node);
}

const bannerHtml = (until: string) =>
  `<div role="note" data-preview-banner style="position:sticky;top:0;z-index:2147483647;background:#fff3bf;color:#1a1b1e;border-bottom:2px solid #e67700;padding:10px 16px;font:600 16px/1.4 system-ui,sans-serif;text-align:center">${PREVIEW_BANNER}<span style="font-weight:400"> · a shared preview of changes not published yet, until ${escapeUTF8(until)}</span></div>`;

const formNoteHtml = `<p role="note" data-preview-form-note style="margin:0 0 12px;padding:8px 12px;background:#fff3bf;color:#1a1b1e;border-radius:6px;font:600 15px/1.4 system-ui,sans-serif">${FORM_NOT_SENT}</p>`;

function rewriteElement(element: Element, base: string, pageUrl: string): 'drop' | undefined {
  const rel =
    element.attrs
      .find((attr) => attr.name === 'rel')
      ?.value.toLowerCase()
      .split(/\s+/) ?? [];
  if (element.tagName === 'script') return 'drop';
  if (element.tagName === 'link' && rel.some((kind) => droppedLinks.has(kind))) return 'drop';
  for (const attr of element.attrs) {
    if (urlAttributes.has(attr.name)) attr.value = inside(base, attr.value.trim());
    else if (attr.name === 'srcset' || attr.name === 'imagesrcset') attr.value = rewriteSrcset(attr.value, base);
    else if (attr.name === 'style') attr.value = rewriteCss(attr.value, base);
  }
  if (element.tagName === 'style')
    for (const child of element.childNodes) if ('value' in child) child.value = rewriteCss(child.value, base);
  if (element.tagName === 'form') {
    element.attrs = element.attrs.filter((attr) => attr.name !== 'action' && attr.name !== 'method');
    element.attrs.push({ name: 'method', value: 'post' }, { name: 'action', value: pageUrl });
    prepend(element, fragment(formNoteHtml)[0]);
  }
  return undefined;
}

function walk(node: Node, visit: (element: Element) => 'drop' | undefined): void {
  const children = 'childNodes' in node ? [...node.childNodes] : [];
  for (const child of children) {
    if (isElement(child) && visit(child) === 'drop') {
      defaultTreeAdapter.detachNode(child);
      continue;
    }
    walk(child, visit);
    if ('content' in child) walk(child.content as DefaultTreeAdapterTypes.DocumentFragment, visit);
  }
}

function firstElement(node: Node, tagName: string): Element | undefined {
  for (const child of 'childNodes' in node ? node.childNodes : []) {
    if (isElement(child) && child.tagName === tagName) return child;
    const found = isElement(child) ? firstElement(child, tagName) : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * The page's HTML as the preview at `base` ("/_preview/<token>") sends it; `pageUrl` is the page's
 * address in the preview, `until` the link's end in words.
 */
export function previewHtml(html: string, options: { base: string; pageUrl: string; until: string }): string {
  const document = parse(html);
  walk(document, (element) => rewriteElement(element, options.base, options.pageUrl));
  const head = firstElement(document, 'head');
  const body = firstElement(document, 'body');
  if (head)
    for (const node of fragment('<meta name="robots" content="noindex, nofollow">'))
      defaultTreeAdapter.appendChild(head, node);
  if (body) {
    prepend(body, fragment(bannerHtml(options.until))[0]);
  }
  return serialize(document);
}
