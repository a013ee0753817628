// The white paper as the reader shows it, taken from the page itself: the first document section's
// rendered body, titled by the section's title, else the page's main heading (the hero's), else the
// document's title.

export interface PageDocument {
  title: string;
  html: string;
}

export function documentOfPage(doc: Document): PageDocument | undefined {
  const section = doc.querySelector('section[data-type="document"]');
  const body = section?.querySelector('[data-prose]');
  if (!section || !body) return undefined;
  const heading = section.querySelector('header h2') ?? doc.querySelector('main h1');
  const title = heading?.textContent?.trim() || doc.title;
  return { title, html: body.innerHTML };
}
