// One page before and after, rendered side by side. Before: the live page, as the server sends it to
// visitors now (the published build, at its own address). Its pages refuse to be framed
// (frame-ancestors 'none'), so its HTML is fetched and shown as the frame's document, with no script
// run (the build's HTML is complete without one). After: the studio's preview of what is saved.
// At a chosen width, each page is laid out that wide (its media queries see it) and drawn smaller
// to fit its column.
import { Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { siteUrl } from '../../routing/site-base.ts';

const frameStyle = { width: '100%', height: 640, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 };

/** A page's frame laid out `width` pixels wide and scaled down to its column; as wide as the column without a width. */
function AtWidth({ width, children }: { width?: number; children: ReactNode }) {
  const { ref, width: column } = useElementSize();
  const scale = width && column ? Math.min(1, column / width) : 1;
  return (
    <div ref={ref} style={{ overflow: 'hidden', height: width ? frameStyle.height * scale : undefined }}>
      <div
        data-width={width}
        style={width ? { width, transform: `scale(${scale})`, transformOrigin: 'top left' } : undefined}
      >
        {children}
      </div>
    </div>
  );
}

export function PagePreviews({ route, round, width }: { route: string; round: number; width?: number }) {
  return (
    <section aria-label={`Before and after: ${route}`}>
      <Title order={3} size="h4" mb="xs">
        {route}, before and after
      </Title>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <div>
          <Text size="sm" fw={500} mb={4}>
            Before: what visitors see now
          </Text>
          <AtWidth width={width}>
            <LivePage key={`${route} ${round}`} route={route} round={round} />
          </AtWidth>
        </div>
        <div>
          <Text size="sm" fw={500} mb={4}>
            After: as saved, once published
          </Text>
          <AtWidth width={width}>
            <iframe key={round} title={`After: ${route} as saved`} src={siteUrl(route)} style={frameStyle} />
          </AtWidth>
        </div>
      </div>
    </section>
  );
}

/** Mounted afresh (its key) for each page and after each publish or roll back. */
function LivePage({ route, round }: { route: string; round: number }) {
  const [html, setHtml] = useState<string>();
  const [missing, setMissing] = useState<string>();
  useEffect(() => {
    let live = true;
    fetch(route, { headers: { accept: 'text/html' }, cache: 'no-store' }).then(
      async (response) => {
        if (!live) return;
        if (response.ok) setHtml(await response.text());
        else
          setMissing(
            response.status === 404
              ? 'This page is not on the live site yet.'
              : `The live site answered ${response.status}.`,
          );
      },
      (error: Error) => live && setMissing(`The live page could not be read: ${error.message}`),
    );
    return () => {
      live = false;
    };
  }, [route, round]);
  if (missing)
    return (
      <Text size="sm" c="dimmed" style={{ ...frameStyle, height: 'auto', padding: 12 }}>
        {missing}
      </Text>
    );
  if (html === undefined) return <div style={frameStyle} aria-busy />;
  // allow-same-origin and nothing else: its styles and images load from the site, no script runs.
  return (
    <iframe
      title={`Before: ${route} as visitors see it`}
      srcDoc={html}
      sandbox="allow-same-origin"
      style={frameStyle}
    />
  );
}
