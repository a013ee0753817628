// An image with its intrinsic size (no layout shift), lazy below the fold, and a designed fallback
// panel instead of the browser's broken-image icon when it fails to load. A photo the build has
// resized becomes a <picture>: AVIF, then WebP, then its own format, each at several widths.
import { useEffect, useRef, useState } from 'react';
import type { Image } from '../../shared/generated/content.ts';
import {
  IMAGE_SLOTS,
  srcset,
  VARIANT_FORMATS,
  variantUrl,
  type ImageSlot,
  type ImageVariants,
} from './image-variants.ts';
import classes from './SmartImage.module.css';
import { siteUrl } from '../routing/site-base.ts';

export type PictureImage = Image & { variants?: ImageVariants };

interface SmartImageProps {
  image: PictureImage;
  /** Where the image sits, which sets how wide it is shown. */
  slot: ImageSlot;
  /** 'priority' for the first large image (eager, fetched first), 'eager' above the fold, else lazy. */
  loading?: 'lazy' | 'eager' | 'priority';
  className?: string;
}

export function SmartImage({ image, slot, loading = 'lazy', className }: SmartImageProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration attached onError has naturalWidth 0 once complete.
  useEffect(() => {
    const element = ref.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  const ratio = { aspectRatio: `${image.width} / ${image.height}` };
  if (failed) {
    return (
      // A decorative image (empty alt) leaves a decorative panel, hidden from screen readers.
      <div
        className={`${classes.fallback} ${className ?? ''}`}
        style={ratio}
        data-image-fallback
        {...(image.alt ? { role: 'img', 'aria-label': image.alt } : { 'aria-hidden': true })}
      >
        <span aria-hidden="true">{image.alt}</span>
      </div>
    );
  }
  const { variants } = image;
  const sizes = IMAGE_SLOTS[slot].sizes;
  const img = (
    <img
      ref={ref}
      className={`${classes.image} ${className ?? ''}`}
      src={
        variants
          ? variantUrl(variants.key, variants.widths[variants.widths.length - 1], variants.fallback)
          : siteUrl(image.src)
      }
      {...(variants && { srcSet: srcset(variants, variants.fallback), sizes })}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      decoding="async"
      {...(loading === 'priority' && { fetchPriority: 'high' as const })}
      onError={() => setFailed(true)}
    />
  );
  if (!variants) return img;
  return (
    <picture className={classes.picture}>
      {VARIANT_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcset(variants, format)} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
