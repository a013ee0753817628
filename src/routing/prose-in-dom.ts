// Long Markdown bodies (articles, the white paper) are in the prerendered HTML, marked with
// `data-prose` so the browser can find a body there instead of downloading it again (the white
// paper's reader shows the document section's body).

/** The marker of a prose body: the article's, or a document section's by its source file. */
export const proseKey = (source: 'article' | string) => (source === 'article' ? 'article' : `document:${source}`);
