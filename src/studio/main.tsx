// The studio's own entry, loaded only by the studio page that `npm run studio` serves at /_studio/.
// Nothing imports it from the site's entry, so the visitors' build never contains it.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver } from '../theme.ts';
import { App } from './App.tsx';

// Saving a file makes the dev server reload its pages: the preview frame reloads, but the studio
// itself must keep its state (unsaved edits of other fields, the selection), so it never reloads.
import.meta.hot?.on('vite:beforeFullReload', () => new Promise<void>(() => undefined));

// WCAG AA contrast: the site's resolver darkens Mantine's dimmed grey; the selected entry or section
// gets the text colour on the palest blue (Mantine's blue on blue gives about 4:1, hovered or not).
const studioVariables: CSSVariablesResolver = (theme) => {
  const site = cssVariablesResolver(theme);
  return {
    ...site,
    light: {
      ...site.light,
      '--mantine-primary-color-light': 'var(--mantine-color-blue-0)',
      '--mantine-primary-color-light-hover': 'var(--mantine-color-blue-1)',
      '--mantine-primary-color-light-color': 'var(--mantine-color-text)',
    },
  };
};

createRoot(document.getElementById('studio')!).render(
  <MantineProvider cssVariablesResolver={studioVariables}>
    <Notifications position="bottom-left" />
    <App />
  </MantineProvider>,
);
