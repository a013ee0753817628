// A translated page shows some texts in the site's own language: those of its own, its articles'
// and the listed articles' that are not translated yet. Each such text is wrapped in an element
// naming that language, so screen readers pronounce it rightly and search engines know it is not the page's language.
// Runs on the prerendered HTML (server only), comparing each text as the browser reads it; island
// markup is left alone (it must match what the browser hydrates), and so is the text of scripts,
// styles and options.
import { decodeHTML, escapeAttribute } from 'entities';

/** Elements whose content is not a text node a <span> may wrap. */
const raw = /(<(script|style|textarea|option|title)\b[\s\S]*?<\/\2>)/;

export function markSourceLanguage(html: string, texts: ReadonlySet<string>, code: string): string {
  if (texts.size === 0) return html;
  const lang = escapeAttribute(code);
  return html
    .split(raw)
    .map((part, index) =>
      // split() returns each raw element and then its tag name: both stay as they are.
      index % 3 === 0
        ? part.replace(/>([^<]+)</g, (whole, text: string) =>
            texts.has(decodeHTML(text).trim()) ? `><span lang="${lang}">${text}</span><` : whole,
          )
        : index % 3 === 1
          ? part
          : '',
    )
    .join('');
}
