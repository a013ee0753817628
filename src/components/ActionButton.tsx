// One renderer for the schema's Button shape: an internal link (client-side navigation, still a
// real <a href>), an external link, or an action such as printing.
import { Button as MantineButton, type ButtonProps } from '@mantine/core';
import { createContext, useContext } from 'react';
import { Link } from 'wouter';
import type { Button } from '../generated/content.ts';
import { useQueryFlag } from '../routing/use-query-flag.ts';
import { useSite } from '../site-context.tsx';
import { SiteIcon } from './icons.tsx';
import { Tooltip } from './Tooltip.tsx';

/** Buttons on a dark (brand) background switch to light variants to keep their contrast. */
export const OnDarkContext = createContext(false);

function variantProps(variant: Button['variant'], onDark: boolean): ButtonProps {
  if (variant === 'secondary') return onDark ? { variant: 'outline', color: 'white' } : { variant: 'outline' };
  if (variant === 'subtle') return onDark ? { variant: 'subtle', color: 'white' } : { variant: 'subtle' };
  return onDark ? { variant: 'white' } : { variant: 'filled' };
}

export function ActionButton({ button, size = 'md', fullWidth }: { button: Button; size?: ButtonProps['size']; fullWidth?: boolean }) {
  const onDark = useContext(OnDarkContext);
  const { actions } = useSite();
  const hidden = useQueryFlag(button.hideWhenQuery);
  if (hidden) return null;
  const common = {
    ...variantProps(button.variant, onDark),
    size,
    fullWidth,
    rightSection: button.icon ? <SiteIcon name={button.icon} size={18} /> : undefined,
  };
  let element;
  if (button.to) {
    element = (
      <MantineButton component={Link} href={button.to} {...common}>
        {button.label}
      </MantineButton>
    );
  } else if (button.href) {
    const web = button.href.startsWith('https://');
    element = (
      <MantineButton component="a" href={button.href} {...(web && { target: '_blank', rel: 'noopener noreferrer' })} {...common}>
        {button.label}
      </MantineButton>
    );
  } else {
    const action = actions[button.action!];
    element = (
      <MantineButton type="button" onClick={action} data-action={button.action} {...common}>
        {button.label}
      </MantineButton>
    );
  }
  return button.tooltip ? <Tooltip label={button.tooltip}>{element}</Tooltip> : element;
}
