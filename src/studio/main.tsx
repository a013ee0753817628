// The studio's own entry, loaded only by the studio page that `npm run studio` serves at /_studio/.
// Nothing imports it from the site's entry, so the visitors' build never contains it.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

// Saving a file makes the dev server reload its pages: the preview frame reloads, but the studio
// itself must keep its state (unsaved edits of other fields, the selection), so it never reloads.
import.meta.hot?.on('vite:beforeFullReload', () => new Promise<void>(() => undefined));

createRoot(document.getElementById('studio')!).render(
  <MantineProvider>
    <Notifications position="bottom-left" />
    <App />
  </MantineProvider>,
);
