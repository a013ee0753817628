// The Mantine theme, built from the brand block of site.yaml: the primary colour's ten shades
// (with the colour itself at the primary shade, so filled buttons use exactly it), the corner
// radius, and heading sizes in which h1 is the largest at every width.
import { colorsTuple, createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import type { Settings } from '../shared/generated/content.ts';
import { DEFAULT_PRIMARY, PRIMARY_SHADE, shades } from './lib/colour.ts';

const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export function siteTheme(brand: Settings['theme']): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: PRIMARY_SHADE,
    colors: { brand: colorsTuple(shades(brand?.primaryColor ?? DEFAULT_PRIMARY)) },
    fontFamily,
    // Fluid sizes that keep h1 the largest heading at every width: below 560 px h1 is 2.1rem and
    // h2 1.6rem, in between both follow the width (6vw against 3.5vw), above 960 px 3.6 vs 2.3rem.
    headings: {
      fontFamily,
      fontWeight: '750',
      sizes: {
        h1: { fontSize: 'clamp(2.1rem, 6vw, 3.6rem)', lineHeight: '1.1' },
        h2: { fontSize: 'clamp(1.6rem, 3.5vw, 2.3rem)', lineHeight: '1.2' },
        h3: { fontSize: '1.25rem', lineHeight: '1.3' },
        h4: { fontSize: '1.05rem', lineHeight: '1.4' },
      },
    },
    // Mantine reads a number as pixels (and converts it to rem).
    defaultRadius: brand?.radius ?? 'md',
  });
}

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
