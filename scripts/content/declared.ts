// What a content file declares, read from its raw text: for files that cannot be parsed (or need
// not be, like the scaffolds checking an address is free).

/** A page's `path:`. */
export const declaredPath = (text: string): string | undefined => /^path:\s*["']?(\/[^\s"'#]*)/m.exec(text)?.[1];
/** A form's `id:`. */
export const declaredId = (text: string): string | undefined => /^id:\s*["']?([\w-]+)/m.exec(text)?.[1];
