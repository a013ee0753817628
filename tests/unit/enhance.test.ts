// The page behaviours of src/enhance/ on a real DOM (jsdom): the markup the components write, the
// events a visitor makes, the attributes and texts that follow. The browser test
// (tests/browser/page-enhance.test.ts) drives them on the built site.
import { JSDOM } from 'jsdom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentOfPage } from '../../src/actions/page-document.ts';
import { installActions } from '../../src/enhance/actions.ts';
import { installMenu } from '../../src/enhance/menu.ts';
import { reportNotFound, reportNotFoundPage } from '../../src/enhance/not-found.ts';
import { prefetchTarget } from '../../src/enhance/prefetch.ts';
import { reservedAddresses } from '../../shared/reserved-addresses.ts';
import { hideByQuery, hidingRules, queryMatches } from '../../src/enhance/query-flag.ts';
import { installTooltips } from '../../src/enhance/tooltips.ts';

const page = (body: string, url = 'https://site.test/') => {
  const { window } = new JSDOM(
    `<!doctype html><html><head><title>The Paper | Site</title></head><body>${body}</body></html>`,
    {
      url,
    },
  );
  return { window, doc: window.document };
};

describe('the header menu', () => {
  const header = `<header><a href="/">Site</a>
    <button type="button" data-menu-toggle data-open-label="Open navigation" data-close-label="Close navigation"
      aria-label="Open navigation" aria-expanded="false" aria-controls="mobile-navigation">≡</button>
    <nav id="mobile-navigation" hidden><a href="/about">About</a><a href="/contact">Contact</a></nav></header>
    <main><a href="/elsewhere">Elsewhere</a></main>`;

  it('opens and closes from its button, names what a press does, and closes on a link in the header or Escape', () => {
    const { window, doc } = page(header);
    installMenu(doc);
    // The test stays on its page (jsdom does not follow links).
    window.addEventListener('click', (event) => event.preventDefault());
    const button = doc.querySelector<HTMLButtonElement>('[data-menu-toggle]')!;
    const menu = doc.getElementById('mobile-navigation')!;
    const state = () => [button.getAttribute('aria-label'), button.getAttribute('aria-expanded'), menu.hidden];
    button.click();
    expect(state()).toEqual(['Close navigation', 'true', false]);
    expect(menu.hasAttribute('data-opened')).toBe(true);
    button.click();
    expect(state()).toEqual(['Open navigation', 'false', true]);

    button.click();
    doc
      .querySelector<HTMLAnchorElement>('main a')!
      .dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(state(), 'a link outside the header leaves the menu open').toEqual(['Close navigation', 'true', false]);
    menu
      .querySelector<HTMLAnchorElement>('a')!
      .dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(state()).toEqual(['Open navigation', 'false', true]);

    button.click();
    menu.querySelector<HTMLAnchorElement>('a[href="/contact"]')!.focus();
    doc.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(state()).toEqual(['Open navigation', 'false', true]);
    expect(doc.activeElement, 'the focus goes back to the button, not into a hidden menu').toBe(button);
  });
});

describe('tooltips', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const row = ['one', 'two']
    .map(
      (name) => `<span data-tooltip data-open-delay="500" data-skip-delay="300">
        <button type="button">${name}</button><span role="tooltip" id="tip-${name}" hidden>About ${name}</span></span>`,
    )
    .join('');

  it('open after the open delay, at once within the skip delay, and describe their button only while shown', () => {
    const { window, doc } = page(row);
    installTooltips(doc);
    const [one, two] = [...doc.querySelectorAll<HTMLElement>('[data-tooltip]')];
    const shown = (anchor: Element) => !anchor.querySelector<HTMLElement>('[role="tooltip"]')!.hidden;
    const described = (anchor: Element) => anchor.querySelector('button')!.getAttribute('aria-describedby');
    // Entering a child of the anchor is not entering the anchor.
    one.querySelector('button')!.dispatchEvent(new window.Event('pointerenter'));
    vi.advanceTimersByTime(1000);
    expect(shown(one)).toBe(false);

    one.dispatchEvent(new window.Event('pointerenter'));
    vi.advanceTimersByTime(499);
    expect([shown(one), described(one)]).toEqual([false, null]);
    vi.advanceTimersByTime(1);
    expect([shown(one), described(one)]).toEqual([true, 'tip-one']);

    one.dispatchEvent(new window.Event('pointerleave'));
    expect([shown(one), described(one)]).toEqual([false, null]);
    vi.advanceTimersByTime(299);
    two.dispatchEvent(new window.Event('pointerenter'));
    vi.advanceTimersByTime(0);
    expect(shown(two), 'within the skip delay').toBe(true);
    doc.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape' }));
    expect(shown(two)).toBe(false);

    vi.advanceTimersByTime(301);
    two.querySelector('button')!.focus();
    vi.advanceTimersByTime(499);
    expect(shown(two), 'past the skip delay, keyboard focus waits the open delay').toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown(two)).toBe(true);
    two.querySelector('button')!.blur();
    expect(shown(two)).toBe(false);

    one.dispatchEvent(new window.Event('pointerenter'));
    one.dispatchEvent(new window.Event('pointerleave'));
    vi.advanceTimersByTime(1000);
    expect(shown(one), 'leaving before the delay cancels the opening').toBe(false);
  });
});

describe('action buttons', () => {
  it('print prints once per press; other buttons do nothing', () => {
    const { window, doc } = page(
      `<button type="button" data-action="print"><span>Print This</span></button><button type="button">Other</button>`,
    );
    const print = vi.fn();
    window.print = print;
    installActions(doc);
    doc.querySelector('span')!.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
    doc.querySelectorAll('button')[1].click();
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('the reader takes its title and body from the page: the section title, else the main heading', () => {
    const body = `<p>The <em>paper</em>.</p>`;
    const titled = page(
      `<main><h1>Hero</h1><section data-type="document"><header><h2>The Paper</h2></header><div data-prose="document:x">${body}</div></section></main>`,
    );
    expect(documentOfPage(titled.doc)).toEqual({ title: 'The Paper', html: body });
    const untitled = page(
      `<main><section data-type="hero"><h1>Hero Title</h1></section><section data-type="document"><div data-prose="document:x">${body}</div></section></main>`,
    );
    expect(documentOfPage(untitled.doc)).toEqual({ title: 'Hero Title', html: body });
    expect(documentOfPage(page('<main><h1>No paper</h1></main>').doc)).toBeUndefined();
  });
});

describe('hiding by query', () => {
  it('follows the rule name=value, the first value of a name counting', () => {
    expect(queryMatches('source=form', '?source=form&x=1')).toBe(true);
    expect(queryMatches('source=form', '?source=other')).toBe(false);
    expect(queryMatches('source=form', '?source=other&source=form')).toBe(false);
    expect(queryMatches(undefined, '?source=form')).toBe(false);
    const escape = (text: string) => text.replace(/"/g, '\\"');
    expect(hidingRules('?source=form&source=x&preview=hero-off', escape)).toBe(
      '[data-hide-when-query="source=form"] { display: none !important; }\n' +
        '[data-hide-when-query="preview=hero-off"] { display: none !important; }',
    );
    expect(hidingRules('', escape)).toBe('');
    expect(hidingRules('?a="]{}', escape), 'what the address says is escaped').toContain('"a=\\"]{}"');
  });

  it('adds its style sheet only once the address has a query (a sheet added costs every element a new style)', () => {
    const { window, doc } = page('<a data-hide-when-query="source=form" href="/contact">Contact</a>');
    const sheets = () => doc.querySelectorAll('style[data-hide-by-query]');
    // jsdom has no CSS.escape; this one escapes what the example needs.
    Object.assign(window, { CSS: { escape: (text: string) => text.replace(/["\\]/g, '\\$&') } });
    hideByQuery(doc);
    expect(sheets()).toHaveLength(0);
    window.history.pushState({}, '', '/?source=form');
    window.dispatchEvent(new window.PopStateEvent('popstate'));
    expect(sheets()).toHaveLength(1);
    expect(sheets()[0].textContent).toContain('[data-hide-when-query="source=form"]');
  });
});

describe('prefetch on intent', () => {
  it('fetches pages of this site only, not the studio, downloads, nofollow, other windows or this page', () => {
    const { doc, window } = page('', 'https://site.test/now?x=1');
    const target = (html: string) => {
      doc.body.innerHTML = html;
      return prefetchTarget(doc.body.firstElementChild!, window.location);
    };
    expect(target('<a href="/about#team">About</a>')).toBe('https://site.test/about');
    expect(target('<a href="contact?from=nav">Contact</a>')).toBe('https://site.test/contact?from=nav');
    expect(target('<a href="/now?x=1#top">Here</a>')).toBeUndefined();
    expect(target('<a href="https://other.test/">Other</a>')).toBeUndefined();
    expect(target('<a href="/_studio/">Studio</a>')).toBeUndefined();
    expect(target('<a href="/_data/index.json">Data</a>')).toBeUndefined();
    expect(target('<a href="/healthz">Health</a>')).toBeUndefined();
    expect(target('<a href="/imagesque">Imagesque</a>')).toBe('https://site.test/imagesque');
    expect(target('<a href="/file.pdf" download>File</a>')).toBeUndefined();
    expect(target('<a href="/x" rel="noopener nofollow">X</a>')).toBeUndefined();
    expect(target('<a href="/x" target="_blank">X</a>')).toBeUndefined();
    expect(target('<a href="mailto:a@site.test">Mail</a>')).toBeUndefined();
  });

  it('skips every address the server or the build owns, as the Speculation Rules do', () => {
    const { doc, window } = page('', 'https://site.test/');
    for (const { path, reach } of reservedAddresses)
      for (const address of reach === 'exact' ? [path] : reach === 'folder' ? [path, `${path}/x`] : [`${path}x`]) {
        doc.body.innerHTML = `<a href="${address}">x</a>`;
        expect(prefetchTarget(doc.body.firstElementChild!, window.location), address).toBeUndefined();
      }
  });
});

describe('the not-found page', () => {
  it('logs the address asked for, once per page and address', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { doc } = page('<div data-not-found><h1>404</h1></div>', 'https://site.test/no/such/page/');
      reportNotFoundPage(doc);
      const element = doc.querySelector('[data-not-found]')!;
      reportNotFound(element, '/no/such/page');
      expect(error.mock.calls).toEqual([['404 Error: User attempted to access non-existent route:', '/no/such/page']]);
      reportNotFound(element, '/another');
      expect(error).toHaveBeenCalledTimes(2);
      reportNotFoundPage(page('<main></main>').doc);
      expect(error).toHaveBeenCalledTimes(2);
    } finally {
      error.mockRestore();
    }
  });
});
