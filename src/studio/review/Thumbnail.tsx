// A small picture of an image in the review: the file on disk as the preview serves it, or the
// version of the last commit (replaced or deleted since), fetched with the studio's key.
import { Image, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../api.ts';
import { siteUrl } from '../../routing/site-base.ts';

/** `src` an address under the site ("/images/team.jpg"); `committed` the file under site/ to show as last committed instead. */
export function Thumbnail({ src, committed, alt }: { src?: string; committed?: string; alt: string }) {
  const [dataUrl, setDataUrl] = useState<string>();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!committed) return;
    let live = true;
    api.committedImage(committed).then(
      (url) => live && setDataUrl(url),
      () => live && setMissing(true),
    );
    return () => {
      live = false;
    };
  }, [committed]);
  const shown = committed ? dataUrl : src && siteUrl(src);
  if (missing || (!committed && !src))
    return (
      <Text size="xs" c="dimmed" fs="italic">
        (no picture)
      </Text>
    );
  if (!shown) return <div style={{ width: 96, height: 72 }} aria-hidden />;
  return (
    <Image
      src={shown}
      alt={alt}
      h={72}
      w="auto"
      maw={160}
      fit="contain"
      radius="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)' }}
    />
  );
}
