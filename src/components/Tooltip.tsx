// A small accessible tooltip: the label is in the markup, hidden, beside what it describes; the
// site's open and skip delays ride along as data attributes, and src/enhance/tooltips.ts shows it
// on hover or keyboard focus and hides it on leave, blur or Escape, on a prerendered page and a
// React-rendered one alike. Pure CSS positioning: no floating library in the bundle for one label
// above a button.
import { useId, type ReactElement } from 'react';
import { useSite } from '../site-context.tsx';
import classes from './Tooltip.module.css';

export function Tooltip({
  label,
  hideWhenQuery,
  children,
}: {
  label: string;
  /** The query condition that hides what the tooltip describes: then the two go together. */
  hideWhenQuery?: string;
  children: ReactElement;
}) {
  const { openDelay, skipDelay } = useSite().settings.tooltips;
  const id = useId();
  return (
    <span
      className={classes.anchor}
      data-tooltip
      data-open-delay={openDelay}
      data-skip-delay={skipDelay}
      data-hide-when-query={hideWhenQuery}
    >
      {children}
      <span role="tooltip" id={id} className={classes.tooltip} hidden>
        {label}
      </span>
    </span>
  );
}
