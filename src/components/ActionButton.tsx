// One renderer for the schema's Button shape: a link (where it leads follows TextLink's rule) or an
// action such as printing, carried out by src/enhance/actions.ts from the button's data-action.
// A button hidden by a query condition is in the markup with that condition; src/enhance/ hides it.
import { Button as MantineButton, type ButtonProps } from '@mantine/core';
import { createContext, useContext } from 'react';
import type { Button } from '../../shared/generated/content.ts';
import { useQueryFlag } from '../routing/use-query-flag.ts';
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
  const hidden = useQueryFlag(button.hideWhenQuery);
  if (hidden) return null;
  // The outermost element carries the condition: the tooltip's anchor when there is one.
  const hideWhenQuery = button.tooltip ? undefined : button.hideWhenQuery;
  const common = {
    ...variantProps(button.variant, onDark),
    size,
    fullWidth,
    rightSection: button.icon ? <SiteIcon name={button.icon} size={18} /> : undefined,
  };
  const element =
    button.to !== undefined || button.href !== undefined ? (
      <MantineButton
        component={TextLink}
        to={button.to}
        href={button.href}
        data-hide-when-query={hideWhenQuery}
        {...common}
      >
        {button.label}
      </MantineButton>
    ) : (
      <MantineButton type="button" data-action={button.action} data-hide-when-query={hideWhenQuery} {...common}>
        {button.label}
      </MantineButton>
    );
  return button.tooltip ? (
    <Tooltip label={button.tooltip} hideWhenQuery={button.hideWhenQuery}>
      {element}
    </Tooltip>
  ) : (
    element
  );
}
