// An image with its intrinsic size (no layout shift), lazy below the fold, and a designed fallback
// panel instead of the browser's broken-image icon when it fails to load.
import { useEffect, useRef, useState } from 'react';
import type { Image } from '../generated/content.ts';
import classes from './SmartImage.module.css';

export function SmartImage({ image, eager = false, className }: { image: Image; eager?: boolean; className?: string }) {
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
      <div className={`${classes.fallback} ${className ?? ''}`} style={ratio} data-image-fallback {...(image.alt ? { role: 'img', 'aria-label': image.alt } : { 'aria-hidden': true })}>
        <span aria-hidden="true">{image.alt}</span>
      </div>
    );
  }
  return (
    <img
      ref={ref}
      className={`${classes.image} ${className ?? ''}`}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager && { fetchPriority: 'high' as const })}
      onError={() => setFailed(true)}
    />
  );
}
