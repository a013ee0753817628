// Markdown rendered at build time (raw HTML already escaped by the compiler). Clicks on internal
// links navigate client-side, like every other link of the site.
import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';
import classes from './Prose.module.css';
import { siteBase } from '../routing/site-base.ts';

/**
 * `proseKey` marks the element so the browser can find this prerendered body (see prose-in-dom.ts);
 * `lang` and `dir` name the text's language when it is not the page's.
 */
export function Prose({
  html,
  className,
  proseKey,
  lang,
  dir,
}: {
  html: string;
  className?: string;
  proseKey?: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
}) {
  const [, navigate] = useLocation();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (
      !href?.startsWith('/') ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      event.button !== 0
    )
      return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <div
      className={`${classes.prose} ${className ?? ''}`}
      data-prose={proseKey}
      lang={lang}
      dir={dir}
      onClick={onClick}
      // Under the studio's preview base, the text's pictures come from there too. The compiler writes
      // every attribute in double quotes and escapes any quote in the text, so `src="/` is an image's.
      dangerouslySetInnerHTML={{ __html: siteBase ? html.replaceAll(' src="/', ` src="${siteBase}/`) : html }}
    />
  );
}
