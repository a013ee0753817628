// Which files of site/images the built pages use as they are, so dist/ ships those and no other:
// a photo with resized copies is shown through them (its `src` beside its `variants` is for the
// studio's preview, not for visitors), and an image no content uses is not published at all.
// Found by walking what the pages are made of (each route's data and the site shell), so an
// address in an article's Markdown counts as much as one in a section's field.

const ADDRESS = /\/images\/[^"'\s()<>]+/g;

function decoded(address: string): string {
  try {
    return decodeURI(address);
  } catch {
    return address;
  }
}

/** The files among `images` (/images/… addresses) that `values` refer to. */
export function referencedImages(values: unknown[], images: string[]): Set<string> {
  const known = new Set(images);
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (known.has(value)) found.add(value);
      else if (value.includes('/images/'))
        for (const [address] of value.matchAll(ADDRESS)) {
          const file = decoded(address.replaceAll('&amp;', '&'));
          if (known.has(file)) found.add(file);
        }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      // The photo's own address beside its copies, or repeated beside it (an article's `cover`
      // next to its `image`), is shown through the copies.
      const copied = new Set(
        entries.flatMap(([, child]) =>
          child && typeof child === 'object' && 'variants' in child && 'src' in child ? [child.src] : [],
        ),
      );
      if ('variants' in value && 'src' in value) copied.add(value.src);
      for (const [, child] of entries) if (!copied.has(child)) visit(child);
    }
  };
  values.forEach(visit);
  return found;
}
