// Tells the preview frames of this studio page that what the preview's data answers may have
// changed (a check made the edit the window's preview, or a saved file changed), so each page
// there fetches its data again and re-renders in place (src/dev/follow-preview.ts). A message to
// the page's own frames, same origin: another window's preview is never told, and no server
// channel is needed, on the laptop or on the server.
import { previewFrameAttribute } from '../components/edit-mode.ts';
import { routeDataEvent } from '../../shared/route-data.ts';

export function tellPreviews(): void {
  for (const frame of document.querySelectorAll<HTMLIFrameElement>(`iframe[${previewFrameAttribute}]`))
    frame.contentWindow?.postMessage({ type: routeDataEvent }, location.origin);
}
