// JSON placed inside a <script> element of an HTML page (the prerenderer's structured data, the
// islands' props): written so that no text in it can close the element, open a comment or end a
// line in older JavaScript. JSON.parse reads it back unchanged.
export const escapeJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
