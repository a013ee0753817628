// Markdown rendered at build time (raw HTML already escaped by the compiler). Clicks on internal
// links navigate client-side, like every other link of the site.
import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';
import classes from './Prose.module.css';

export function Prose({ html, className }: { html: string; className?: string }) {
  const [, navigate] = useLocation();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith('/') || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };
  return <div className={`${classes.prose} ${className ?? ''}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
