// A small accessible tooltip: shown on hover or keyboard focus after the site's open delay,
// hidden on leave, blur or Escape. Once one has closed, the next opens at once for the skip delay,
// so moving along a row of buttons does not wait each time. Pure CSS positioning: no floating
// library in the bundle for one label above a button.
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { useSite } from '../site-context.tsx';
import classes from './Tooltip.module.css';

let lastClosedAt = 0;

export function Tooltip({ label, children }: { label: string; children: ReactElement<Record<string, unknown>> }) {
  const { openDelay, skipDelay } = useSite().settings.tooltips;
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();

  const show = () => {
    clearTimeout(timer.current);
    const delay = Date.now() - lastClosedAt < skipDelay ? 0 : openDelay;
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <span className={classes.anchor} onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {cloneElement(children, { 'aria-describedby': open ? id : undefined })}
      {open && (
        <span role="tooltip" id={id} className={classes.tooltip}>
          {label}
        </span>
      )}
    </span>
  );
}
