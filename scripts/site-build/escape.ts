// Text placed into prerendered HTML: attribute values and JSON inside <script> elements.
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script> must not be able to close the element or open a comment (one rule for src/ and scripts/). */
export { escapeJson } from '../../shared/json-in-html.ts';
