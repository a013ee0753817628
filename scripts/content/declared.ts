// What a content file declares, read from its raw text: for files that cannot be parsed (or need
// not be, like the scaffolds checking an address is free).

// A byte in another encoding decodes as U+FFFD. Inside an address or id (plain ASCII by the schema)
// it is the slip itself, reported on its own: the address without it is what the file declares, so
// the links to the page stay quiet meanwhile.
const foreign = /\uFFFD/g;

/** A page's `path:`. */
export const declaredPath = (text: string): string | undefined =>
  /^path:\s*["']?(\/[^\s"'#]*)/m.exec(text.replace(foreign, ''))?.[1];
/** A form's `id:`. */
export const declaredId = (text: string): string | undefined =>
  /^id:\s*["']?([\w-]+)/m.exec(text.replace(foreign, ''))?.[1];
