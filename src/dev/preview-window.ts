// In the studio's preview frame, the data requests name the studio window the frame belongs to, so
// the server answers with that window's unsaved edit and never another's. The studio page keeps its
// window's id in the tab's session storage, which its same-origin frame shares.
import { windowHeader, windowStorageKey } from '../../shared/studio-protocol.ts';
import { editMode } from '../components/edit-mode.ts';

export function previewWindowHeaders(): Record<string, string> {
  if (!(import.meta.env.DEV || import.meta.env.STUDIO_PREVIEW) || !editMode) return {};
  const id = sessionStorage.getItem(windowStorageKey);
  return id ? { [windowHeader]: id } : {};
}
