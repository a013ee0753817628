// One rule for where a link leads, for text links and (as Mantine's `component`) buttons: `to` is
// a page of this site (client-side navigation, still a real <a href>), `href` an outside address
// (a web page opens in a new tab; mailto: and tel: do not). Sections use it instead of branching.
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';

export interface LinkTarget {
  to?: string;
  href?: string;
}

function linkProps({ to, href }: LinkTarget): {
  component: typeof Link | 'a';
  href: string;
  target?: string;
  rel?: string;
} {
  if (to !== undefined) return { component: Link, href: to };
  const web = href?.startsWith('https://') ?? false;
  return { component: 'a', href: href ?? '', ...(web && { target: '_blank', rel: 'noopener noreferrer' }) };
}

type TextLinkProps = LinkTarget & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { children: ReactNode };

export function TextLink({ to, href, children, ...rest }: TextLinkProps) {
  const { component: Element, ...props } = linkProps({ to, href });
  return (
    <Element {...props} {...rest}>
      {children}
    </Element>
  );
}
