// The Mantine theme. Mantine's default blue and "dimmed" grey fall below WCAG AA contrast on white,
// so the primary colour is a deeper navy-blue scale used at shade 7, and dimmed text is gray-7.
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = ['#e8f1fd', '#cfe0f7', '#9dbfee', '#689ce6', '#3d7edf', '#2168d4', '#1559bd', '#0f4aa0', '#0b3d85', '#062c63'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif', fontWeight: '750' },
  defaultRadius: 'md',
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
