// The compiler's work on one file alone: decode, split the front matter, parse the YAML, check it
// against the schema, render the Markdown, find the scaffold's placeholders. Its answer depends on
// the file's name and bytes only, so site-memo.ts keeps it until the bytes change; the checks
// across files (links, addresses, listing) run in load-site.ts over these answers every time.
import path from 'node:path';
import type { Entry } from './checks.ts';
import type { ContentError } from './errors.ts';
import { emptyFileMessage, notUtf8 } from './file-states.ts';
import { splitFrontMatter } from './front-matter.ts';
import { renderMarkdown, type MarkdownLink } from './markdown.ts';
import { mergeConsequences } from './consequences.ts';
import { declaredId, declaredPath } from './declared.ts';
import { placeholderErrors } from './placeholders.ts';
import { contentValidator, sectionTypes, type ContentKind } from './schemas.ts';
import { schemaErrors } from './schema-errors.ts';
import { parseYaml, type YamlSource } from './yaml-source.ts';
import { readTranslation, type TranslationFile } from './read-translation.ts';

/** What a file under site/ is, by its place and name (the compiler's rule, which the studio shares). */
export function siteFileKind(relative: string): ContentKind | 'document' | 'image' | undefined {
  if (translationFile(relative)) return undefined;
  if (relative === 'site.yaml') return 'settings';
  if (relative === 'redirects.yaml') return 'redirects';
  if (/^pages\/.+\.ya?ml$/.test(relative)) return 'page';
  if (/^forms\/[^/]+\.ya?ml$/.test(relative)) return 'form';
  if (/^blog\/[a-z0-9-]+\.md$/.test(relative)) return 'article';
  if (/^documents\/[a-z0-9-]+\.md$/.test(relative)) return 'document';
  if (relative.startsWith('images/')) return 'image';
  return undefined;
}

/**
 * A translation's source file and language, by its name: the source's name with the language's
 * code before the extension (site.de.yaml, pages/home.de.yaml, forms/inquiry.de.yaml,
 * blog/first-note.de.md). An article's slug has no dot, so no article is named like a translation.
 */
export function translationFile(relative: string): { source: string; language: string } | undefined {
  const match =
    /^((?:pages\/.+|forms\/[^/]+|site))\.([a-z]{2,3}(?:-[A-Z]{2})?)\.(ya?ml)$/.exec(relative) ??
    /^(blog\/[a-z0-9-]+)\.([a-z]{2,3}(?:-[A-Z]{2})?)\.(md)$/.exec(relative);
  return match ? { source: `${match[1]}.${match[3]}`, language: match[2] } : undefined;
}

/** The name of `source`'s translation into `language`, as translationFile() reads it back. */
export const translationFileName = (source: string, language: string) =>
  source.replace(/\.(ya?ml|md)$/, `.${language}.$1`);

/** A form's id as far as its file tells: its `id:` line, else its file name. */
export const formIdOf = (source: YamlSource) =>
  declaredId(source.text) ?? path.basename(source.file).replace(/\.ya?ml$/, '');

/**
 * What a file that cannot be read still declares, so one broken file gives one error: a page its
 * address (when its `path:` line is readable), a form its id, an article its slug. Links to them
 * elsewhere are then not reported as broken on top of the file's own error.
 */
function declaration(kind: ContentKind, source: YamlSource, text: string, relative: string, slug?: string): Entry {
  const file = { ...source, file: `site/${relative}`, text };
  if (kind === 'page') {
    const declared = declaredPath(text);
    return { kind, source: file, data: declared ? { path: declared } : {} };
  }
  if (kind === 'form') return { kind, source: file, data: { id: formIdOf(file) } };
  return { kind, source: file, data: {}, slug };
}

/**
 * One file's answer. Shared between compiles and never changed once made: every step after this
 * one copies what it changes. The errors are kept by phase, so the site's list comes out in the
 * same order as when every file was compiled in one pass.
 */
export interface FileFacts {
  kind: ContentKind | 'document' | 'image' | undefined;
  /** Reading and parsing: not a known file, not UTF-8, no front matter, YAML, no fields. */
  readErrors: ContentError[];
  /** A long text of site/documents that is UTF-8: its name and rendering. */
  document?: { name: string; text: string; rendered: ReturnType<typeof renderMarkdown> };
  /** A parsed file (its data an object of some sort). */
  entry?: Entry;
  /** Whether `entry` passed the schema; when not, why (`schemaErrors`). */
  valid: boolean;
  schemaErrors: ContentError[];
  /** A valid page or article that is not a draft and still holds the scaffold's sentences. */
  placeholderErrors: ContentError[];
  /** A file that could not be parsed, by what it still declares. */
  unparsed?: Entry;
  /** A translation file: its source, language and texts by path (see translations.ts). */
  translation?: TranslationFile;
  /** An article's Markdown body and its rendering (without picture sizes). */
  body?: { text: string; rendered: ReturnType<typeof renderMarkdown> };
}

const unknownFileMessage =
  'not a known content file. Pages go in site/pages/*.yaml, articles in site/blog/<slug>.md, long texts in site/documents/*.md, images in site/images/.';

export function compileFile(relative: string, bytes: Uint8Array): FileFacts {
  const file = `site/${relative}`;
  const kind = siteFileKind(relative);
  const facts: FileFacts = { kind, readErrors: [], valid: false, schemaErrors: [], placeholderErrors: [] };
  const errors = facts.readErrors;
  if (kind === 'image') return facts;
  const translation = translationFile(relative);
  if (translation) return readTranslation(facts, file, translation, bytes);
  if (kind === undefined) {
    if (!relative.split('/').some((part) => part.startsWith('.')))
      errors.push({ file, line: 1, col: 1, path: '', message: unknownFileMessage });
    return facts;
  }
  const decoded = new TextDecoder().decode(bytes);
  const encoding = notUtf8(bytes);
  if (encoding) errors.push({ file, ...encoding, path: '' });
  if (kind === 'document') {
    if (!encoding) facts.document = { name: path.basename(relative), text: decoded, rendered: renderMarkdown(decoded) };
    return facts;
  }
  const slug = kind === 'article' ? path.basename(relative, '.md') : undefined;
  const parts = kind === 'article' && !encoding ? splitFrontMatter(decoded) : undefined;
  if (kind === 'article' && !encoding && !parts)
    errors.push({
      file,
      line: 1,
      col: 1,
      path: '',
      message:
        'an article starts with front matter: a line "---", the article\'s fields in YAML, and another "---" line before the Markdown body.',
    });
  if (encoding || (kind === 'article' && !parts)) {
    facts.unparsed = declaration(kind, parseYaml(file, '').source, decoded, relative, slug);
    return facts;
  }
  const lineOffset = parts ? 1 : 0;
  const parsed = parseYaml(file, parts ? parts.yaml : decoded, lineOffset);
  errors.push(...parsed.errors);
  if (parsed.data === null) {
    const required = (contentValidator(kind).schema as { required?: string[] }).required ?? [];
    errors.push({ file, line: 1 + lineOffset, col: 1, path: '', message: emptyFileMessage(kind, required) });
  }
  if (parsed.data === undefined || parsed.data === null) {
    facts.unparsed = declaration(kind, parsed.source, decoded, relative, slug);
    return facts;
  }
  const entry: Entry = { kind, source: parsed.source, data: parsed.data as Record<string, unknown>, slug };
  if (parts) {
    const rendered = renderMarkdown(parts.body);
    facts.body = { text: parts.body, rendered };
    const inFile = (link: MarkdownLink) => ({ ...link, line: link.line + parts.bodyLineOffset });
    entry.links = rendered.links.map(inFile);
    entry.images = rendered.images.map(inFile);
  }
  facts.entry = entry;
  // Schema validation; a file that fails it is left out of the cross-reference checks, whose
  // messages would only repeat the same problem in other words.
  const validate = contentValidator(kind);
  facts.valid = validate(entry.data);
  if (!facts.valid)
    facts.schemaErrors = mergeConsequences(
      schemaErrors(validate.errors ?? [], entry.source, sectionTypes(), entry.data, validate.schema),
    );
  // Scaffold copy must be replaced before a page or article goes out (a draft may keep it).
  else if ((kind === 'page' || kind === 'article') && entry.data.draft !== true)
    facts.placeholderErrors = placeholderErrors(file, decoded);
  return facts;
}
