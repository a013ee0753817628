// Answers for the states a content file can be in before YAML has anything to read: not saved as
// UTF-8, or holding no fields at all (just created, emptied, only comments or `---`).
import type { Slip } from './yaml-slips.ts';

/** A file that is not UTF-8: where its first foreign byte is, or undefined when it is fine. */
export function notUtf8(bytes: Uint8Array): Slip | undefined {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return undefined;
  } catch {
    let offset = 0;
    // Find the first byte that does not start or continue a valid UTF-8 sequence.
    while (offset < bytes.length) {
      const b = bytes[offset];
      const size = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
      const valid =
        size > 0 &&
        offset + size <= bytes.length &&
        [...bytes.subarray(offset + 1, offset + size)].every((c) => c >= 0x80 && c < 0xc0);
      if (!valid) break;
      offset += size;
    }
    const before = new TextDecoder().decode(bytes.subarray(0, offset)).split('\n');
    return {
      line: before.length,
      col: before.at(-1)!.length + 1,
      message:
        'this file is not saved as UTF-8: the character here is in another encoding (often Windows-1252 or Latin-1). Save the file as UTF-8 in your editor (in VS Code: "Save with Encoding" → UTF-8) and retype the character.',
    };
  }
}

const kindNames: Record<string, string> = {
  page: 'page',
  article: "article's front matter",
  form: 'form',
  settings: 'site settings file',
  redirects: 'redirects file',
};

/** A file with no fields at all: just created, emptied, or only comments and `---`. */
export function emptyFileMessage(kind: string, required: string[]): string {
  const needs = required.length
    ? ` It needs ${required
        .map((name) => `"${name}"`)
        .join(', ')
        .replace(/, ([^,]*)$/, ' and $1')}, each on its own line as \`name: value\`.`
    : '';
  const start =
    kind === 'page'
      ? ' `npm run new -- page /address "Title"` writes a page to start from.'
      : kind === 'article'
        ? ' `npm run new -- post my-slug "Title"` writes an article to start from.'
        : '';
  return `this ${kindNames[kind] ?? 'file'} has no fields yet.${needs}${start}`;
}
