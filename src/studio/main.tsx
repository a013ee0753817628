// The studio's own entry, loaded only by the studio page that `npm run studio` serves at /_studio/.
// Nothing imports it from the site's entry, so the visitors' build never contains it.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver } from '../theme.ts';
import { App } from './App.tsx';

// The studio keeps its state (unsaved edits, the selection), so it never reloads: not when the
// dev server reloads its pages, nor when the server is back after a restart (Vite's client would
// reload the page once it answers again). The studio resumes by itself (store/connection.ts). A
// listener that never settles holds Vite's client before it reloads.
const never = () => new Promise<void>(() => undefined);
import.meta.hot?.on('vite:beforeFullReload', never);
import.meta.hot?.on('vite:ws:disconnect', never);

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
