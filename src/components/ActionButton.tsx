// One renderer for the schema's Button shape: a link (where it leads follows TextLink's rule) or an
// action such as printing.
import { Button as MantineButton, type ButtonProps } from '@mantine/core';
import { createContext, useContext } from 'react';
import type { Button } from '../../shared/generated/content.ts';
import { useQueryFlag } from '../routing/use-query-flag.ts';
import { useSite } from '../site-context.tsx';
import { SiteIcon } from './icons.tsx';
import { TextLink } from './TextLink.tsx';
import { Tooltip } from './Tooltip.tsx';

/** Buttons on a dark (brand) background switch to light variants to keep their contrast. */
export const OnDarkContext = createContext(false);

function variantProps(variant: Button['variant'], onDark: boolean): ButtonProps {
  if (variant === 'secondary') return onDark ? { variant: 'outline', color: 'white' } : { variant: 'outline' };
  if (variant === 'subtle') return onDark ? { variant: 'subtle', color: 'white' } : { variant: 'subtle' };
  return onDark ? { variant: 'white' } : { variant: 'filled' };
}

export function ActionButton({
  button,
  size = 'md',
  fullWidth,
}: {
  button: Button;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}) {
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
  const element =
    button.to !== undefined || button.href !== undefined ? (
      <MantineButton component={TextLink} to={button.to} href={button.href} {...common}>
        {button.label}
      </MantineButton>
    ) : (
      <MantineButton type="button" onClick={actions[button.action!]} data-action={button.action} {...common}>
        {button.label}
      </MantineButton>
    );
  return button.tooltip ? <Tooltip label={button.tooltip}>{element}</Tooltip> : element;
}
