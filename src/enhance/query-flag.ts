// Buttons and sections with `hideWhenQuery` ("name=value") are in the prerendered HTML, which knows
// no address query: a style sheet made from the address hides those whose condition it meets. A
// style sheet rather than an attribute on each, so the markup stays exactly as the server wrote it
// (an island hydrates over it) and what React renders later is hidden too.

/** True when `search` (an address's query) carries `name=value`, written "name=value". */
export function queryMatches(condition: string | undefined, search: string): boolean {
  if (!condition) return false;
  const [name, value] = condition.split('=');
  return new URLSearchParams(search).get(name) === value;
}

/** The CSS that hides every element whose condition `search` meets, by the rule of queryMatches. */
export function hidingRules(search: string, escape: (text: string) => string): string {
  const params = new URLSearchParams(search);
  return [...new Set(params.keys())]
    .map((name) => `[data-hide-when-query="${escape(`${name}=${params.get(name)}`)}"] { display: none !important; }`)
    .join('\n');
}

/**
 * The style sheet is added only once an address has a query: a sheet added to a page makes the
 * browser recompute every element's style, which a long page on a phone pays for in main-thread work.
 */
export function hideByQuery(doc: Document): void {
  const win = doc.defaultView;
  if (!win) return;
  let style: HTMLStyleElement | undefined;
  const update = () => {
    const rules = hidingRules(win.location.search, (text) => win.CSS.escape(text));
    if (!rules && !style) return;
    if (!style) {
      style = doc.createElement('style');
      style.setAttribute('data-hide-by-query', '');
      doc.head.append(style);
    }
    style.textContent = rules;
  };
  update();
  // Where React changes the address without a new document (dev, the studio's preview).
  win.addEventListener('popstate', update);
  (win as { navigation?: EventTarget }).navigation?.addEventListener('currententrychange', update);
}
