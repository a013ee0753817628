// Structured data for search engines (JSON-LD, typed with schema-dts): the organisation and the
// website on the home page, a BlogPosting on each article, a BreadcrumbList on each nested page.
// A <script type="application/ld+json"> is data the browser never runs, so CSP allows it.
import type { BlogPosting, BreadcrumbList, Graph, ListItem, Organization, WebSite } from 'schema-dts';
import type { SiteModel } from '../content/model.ts';
import type { SocialCard } from './social-cards.ts';

export function structuredData(model: SiteModel, cards: Map<string, SocialCard>): Map<string, Graph> {
  const { settings } = model;
  const absolute = (address: string) =>
    address.startsWith('/') ? `${settings.url}${address === '/' ? '/' : address}` : address;
  const logo = settings.theme?.logo ?? settings.favicon;
  const organization: Organization = {
    '@type': 'Organization',
    '@id': `${settings.url}/#organization`,
    name: settings.name,
    url: absolute('/'),
    description: settings.description,
    ...(logo && { logo: absolute(logo) }),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: settings.contact.email,
      telephone: settings.contact.phone,
      areaServed: 'IN',
    },
    address: { '@type': 'PostalAddress', addressLocality: settings.contact.city },
  };
  const publisher = { '@id': organization['@id'] as string };
  const website: WebSite = {
    '@type': 'WebSite',
    '@id': `${settings.url}/#website`,
    name: settings.name,
    url: absolute('/'),
    description: settings.description,
    publisher,
    inLanguage: (settings.locale ?? 'en_IN').replace('_', '-'),
  };

  // Titles of every page and article by path, for the crumbs.
  const titles = new Map<string, string>([
    ...model.pages.map((p) => [p.path, p.title] as const),
    ...model.articles.map((a) => [a.path, a.title] as const),
  ]);
  const breadcrumbs = (path: string): BreadcrumbList | undefined => {
    const segments = path.split('/').filter(Boolean);
    if (segments.length < 2) return undefined;
    const trail = ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)].filter((p) =>
      titles.has(p),
    );
    const itemListElement: ListItem[] = trail.map((p, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: titles.get(p)!,
      item: absolute(p),
    }));
    return { '@type': 'BreadcrumbList', itemListElement };
  };
  const graph = (...nodes: (Organization | WebSite | BlogPosting | BreadcrumbList | undefined)[]): Graph => ({
    '@context': 'https://schema.org',
    '@graph': nodes.filter((n) => n !== undefined),
  });

  const data = new Map<string, Graph>();
  for (const page of model.pages) {
    if (page.path === '/') data.set('/', graph(organization, website));
    else {
      const crumbs = breadcrumbs(page.path);
      if (crumbs) data.set(page.path, graph(crumbs));
    }
  }
  for (const article of model.articles) {
    const posting: BlogPosting = {
      '@type': 'BlogPosting',
      headline: article.title,
      description: article.excerpt,
      datePublished: article.date,
      url: absolute(article.path),
      mainEntityOfPage: absolute(article.path),
      articleSection: article.category,
      timeRequired: `PT${article.readTime}M`,
      image: [
        absolute(article.image.src),
        ...(cards.has(article.path) ? [absolute(cards.get(article.path)!.url)] : []),
      ],
      // The default byline is the provider's team, an organisation; a named author is a person.
      author:
        article.author === `${settings.name} Team`
          ? { '@type': 'Organization', name: article.author, url: absolute('/') }
          : { '@type': 'Person', name: article.author },
      publisher: { '@type': 'Organization', name: settings.name, ...(logo && { logo: absolute(logo) }) },
    };
    data.set(article.path, graph(posting, breadcrumbs(article.path)));
  }
  return data;
}
