// The visit's source as the browser keeps it: taken on the visit's first page only, the referrer's
// host never its address, a link within the site no referrer, and the page a lead is sent from
// added at sending. A tab without storage sends the page alone.
import { expect, it } from 'vitest';
import { rememberVisitSource, visitSource } from '../../src/enhance/visit-source.ts';

function tab(storage: Storage | (() => never) = memoryStorage()) {
  const win = {
    location: { href: '', pathname: '' },
    document: { referrer: '' },
    get sessionStorage(): Storage {
      if (typeof storage === 'function') return storage();
      return storage;
    },
  };
  const visit = (address: string, referrer = '') => {
    const url = new URL(address);
    win.location = { href: url.href, pathname: url.pathname };
    win.document.referrer = referrer;
    rememberVisitSource(win as unknown as Window);
  };
  return { win: win as unknown as Window, visit };
}

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  } as Storage;
}

it('keeps the landing page, its utm_* parameters and the referrer host from the first page of the visit', () => {
  const { win, visit } = tab();
  visit('https://site.example/blog/one?utm_campaign=x&utm_source=news&other=1', 'https://search.example/q?term=secret');
  visit('https://site.example/contact?utm_campaign=later', 'https://site.example/blog/one');
  expect(visitSource(win)).toEqual({
    landing: '/blog/one',
    utm_campaign: 'x',
    utm_source: 'news',
    referrer: 'search.example',
    page: '/contact',
  });
});

it('names no referrer for a visit that began on a link within the site', () => {
  const { win, visit } = tab();
  visit('https://site.example/', 'https://site.example/other');
  expect(visitSource(win)).toEqual({ landing: '/', page: '/' });
});

it('sends the page alone when the tab refuses storage', () => {
  const { win, visit } = tab(() => {
    throw new DOMException('denied', 'SecurityError');
  });
  expect(() => visit('https://site.example/a?utm_campaign=x')).not.toThrow();
  expect(visitSource(win)).toEqual({ page: '/a' });
});
