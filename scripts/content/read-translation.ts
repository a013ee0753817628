// Reading a translation file (translations.ts says what one is): its entries by field path, each
// checked for its words and fingerprint; for an article's translation also the Markdown body
// after its front matter, rendered as the article's own is.
import type { ContentError } from './errors.ts';
import { notUtf8 } from './file-states.ts';
import type { FileFacts } from './compile-file.ts';
import { locate, parseYaml } from './yaml-source.ts';
import { splitFrontMatter } from './front-matter.ts';
import { renderMarkdown, type MarkdownLink } from './markdown.ts';

/** The name of an article's Markdown body among its texts: the schema has no field by that name. */
export const BODY = 'body';

export interface TranslatedText {
  text: string;
  /** The fingerprint of the source text this was translated from. */
  from: string;
  line: number;
}

export interface TranslationFile {
  /** The source's path under site/ (pages/home.yaml). */
  source: string;
  language: string;
  file: string;
  texts: Map<string, TranslatedText>;
  /** An article's translated body, rendered, its links and images positioned in the whole file. */
  body?: { text: string; rendered: ReturnType<typeof renderMarkdown>; links: MarkdownLink[]; images: MarkdownLink[] };
}

const fingerprintPattern = /^[a-p]{8}$/;

export function readTranslation(
  facts: FileFacts,
  file: string,
  names: { source: string; language: string },
  bytes: Uint8Array,
): FileFacts {
  const encoding = notUtf8(bytes);
  if (encoding) {
    facts.readErrors.push({ file, ...encoding, path: '' });
    return facts;
  }
  const decoded = new TextDecoder().decode(bytes);
  const markdown = file.endsWith('.md');
  const parts = markdown ? splitFrontMatter(decoded) : undefined;
  if (markdown && !parts) {
    facts.readErrors.push({
      file,
      line: 1,
      col: 1,
      path: '',
      message:
        'a translated article starts with front matter: a line "---", the translated texts in YAML, and another "---" line before the translated Markdown body.',
    });
    return facts;
  }
  const parsed = parseYaml(file, parts ? parts.yaml : decoded, parts ? 1 : 0);
  facts.readErrors.push(...parsed.errors);
  if (parsed.errors.length) return facts;
  const data = parsed.data ?? {};
  const problem = (path: string[], message: string): ContentError => ({
    file,
    ...locate(parsed.source, path),
    path: path.join('/'),
    message,
  });
  if (typeof data !== 'object' || Array.isArray(data)) {
    facts.readErrors.push(problem([], 'a translation lists translated texts by field, each with "text" and "from".'));
    return facts;
  }
  const texts = new Map<string, TranslatedText>();
  const fromMessage =
    'give "from:", the fingerprint of the source text this was translated from (eight letters, as `npm run validate` lists it).';
  for (const [path, entry] of Object.entries(data as Record<string, unknown>)) {
    const { text, from } = (entry ?? {}) as { text?: unknown; from?: unknown };
    // The body's words are the Markdown below the front matter, so its entry holds only "from".
    if (parts && path === BODY) {
      if (text !== undefined)
        facts.readErrors.push(
          problem([path], 'write the translated body below the front matter; "body:" holds only "from:".'),
        );
      else if (typeof from !== 'string' || !fingerprintPattern.test(from))
        facts.readErrors.push(problem([path], fromMessage));
      else if (!parts.body.trim())
        facts.readErrors.push(
          problem([path], 'write the translated body below the front matter, or delete "body:" to show the original.'),
        );
      else texts.set(path, { text: parts.body, from, line: locate(parsed.source, [path]).line });
    } else if (typeof text !== 'string' || !text.trim())
      facts.readErrors.push(problem([path], 'give the translated words as "text:".'));
    else if (typeof from !== 'string' || !fingerprintPattern.test(from))
      facts.readErrors.push(problem([path], fromMessage));
    else texts.set(path, { text, from, line: locate(parsed.source, [path]).line });
  }
  if (parts && parts.body.trim() && !(data as Record<string, unknown>)[BODY])
    facts.readErrors.push(
      problem(
        [],
        'give "body:" with "from:", the fingerprint of the original body this was translated from (as `npm run validate` lists it).',
      ),
    );
  facts.translation = { ...names, file, texts };
  if (parts && texts.has(BODY)) {
    const rendered = renderMarkdown(parts.body);
    const inFile = (link: MarkdownLink) => ({ ...link, line: link.line + parts.bodyLineOffset });
    facts.translation.body = {
      text: parts.body,
      rendered,
      links: rendered.links.map(inFile),
      images: rendered.images.map(inFile),
    };
  }
  return facts;
}
