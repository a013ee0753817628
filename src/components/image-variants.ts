// Where the build puts the resized copies of a photo, and how each place on a page displays it.
// The build writes the files under these names and the page derives its srcset from them, so the
// route data carries one short descriptor per photo instead of a dozen addresses.

/** A raster photo's resized copies, attached by the build to each image it processed. */
export interface ImageVariants {
  /** The file stem shared by every copy: its name and content hash, e.g. "blog/team-3f2a9c1e". */
  key: string;
  /** The widths made, smallest first (never wider than the source). */
  widths: number[];
  /** The source's own format, the fallback for browsers without AVIF or WebP. */
  fallback: 'jpg' | 'png' | 'webp';
}

export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number] | ImageVariants['fallback'];

/** The widths the build makes, capped by the source's own width. */
export const VARIANT_WIDTHS = [480, 800, 1200, 1600] as const;

export const variantUrl = (key: string, width: number, format: VariantFormat) => `/images/_v/${key}-${width}.${format}`;

export const srcset = (variants: ImageVariants, format: VariantFormat) =>
  variants.widths.map((w) => `${variantUrl(variants.key, w, format)} ${w}w`).join(', ');

/**
 * How wide each kind of image is shown (the `sizes` attribute) and the largest CSS width it
 * reaches, which the validator compares with the source's width.
 */
export const IMAGE_SLOTS = {
  /** An article's cover above its text. */
  cover: { sizes: '(min-width: 75em) 760px, 94vw', largest: 760 },
  /** The image beside a hero's headline (half the container on wide screens). */
  hero: { sizes: '(min-width: 62em) 540px, 94vw', largest: 540 },
  /** A card in the blog listing (three, two or one per row). */
  card: { sizes: '(min-width: 62em) 360px, (min-width: 48em) 46vw, 94vw', largest: 720 },
} as const;

export type ImageSlot = keyof typeof IMAGE_SLOTS;
