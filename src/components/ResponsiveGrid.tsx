// Equal columns that change with the screen width, as Mantine's SimpleGrid does with responsive
// `cols`, but from a stylesheet: SimpleGrid writes a <style> element into the body for each grid,
// which HTML does not allow there (the W3C checker's error). Column counts travel as CSS variables
// in the style attribute; the media queries are in ResponsiveGrid.module.css.
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import classes from './ResponsiveGrid.module.css';

type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

interface ResponsiveGridProps extends HTMLAttributes<HTMLElement> {
  /** Columns from each breakpoint up (Mantine's: xs 36em, sm 48em, md 62em); a missing one keeps the previous. */
  cols: { base: number; xs?: number; sm?: number; md?: number };
  /** The gap: a Mantine spacing name or pixels. */
  spacing?: Size | number;
  verticalSpacing?: Size | number;
  component?: 'div' | 'ul';
  children: ReactNode;
  [data: `data-${string}`]: string | boolean | undefined;
}

const gap = (value: Size | number) =>
  typeof value === 'number' ? `${value / 16}rem` : `var(--mantine-spacing-${value})`;

export function ResponsiveGrid({
  cols,
  spacing = 'md',
  verticalSpacing,
  component: Element = 'div',
  className,
  style,
  children,
  ...rest
}: ResponsiveGridProps) {
  const xs = cols.xs ?? cols.base;
  const sm = cols.sm ?? xs;
  const md = cols.md ?? sm;
  const variables = {
    '--rg-base': cols.base,
    '--rg-xs': xs,
    '--rg-sm': sm,
    '--rg-md': md,
    '--rg-gap-x': gap(spacing),
    '--rg-gap-y': gap(verticalSpacing ?? spacing),
  } as CSSProperties;
  return (
    <Element className={`${classes.grid} ${className ?? ''}`} style={{ ...variables, ...style }} {...rest}>
      {children}
    </Element>
  );
}
