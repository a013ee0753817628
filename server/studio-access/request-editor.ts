// Who is signed in, attached to the request object itself once the session is checked. A WeakMap
// on the in-process request cannot be set by a client (a header could be), and it is forgotten
// with the request. The studio's middleware reads it to author commits and check a publisher.
import type { IncomingMessage } from 'node:http';
import type { Editor } from './editors.ts';

const editors = new WeakMap<IncomingMessage, Editor>();

export function setEditor(request: IncomingMessage, editor: Editor): void {
  editors.set(request, editor);
}

/** The signed-in editor of this request, or undefined when the request passed no session check. */
export function editorOf(request: IncomingMessage): Editor | undefined {
  return editors.get(request);
}
