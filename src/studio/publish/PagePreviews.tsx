// One page before and after, rendered side by side. Before: the live page, as the server sends it to
// visitors now (the published build, at its own address). Its pages refuse to be framed
// (frame-ancestors 'none'), so its HTML is fetched and shown as the frame's document, with no script
// run (the build's HTML is complete without one). After: the studio's preview of what is saved.
import { Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { siteUrl } from '../../routing/site-base.ts';

const frameStyle = { width: '100%', height: 640, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 };

export function PagePreviews({ route, round }: { route: string; round: number }) {
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
          <LivePage key={`${route} ${round}`} route={route} round={round} />
        </div>
        <div>
          <Text size="sm" fw={500} mb={4}>
            After: as saved, once published
          </Text>
          <iframe key={round} title={`After: ${route} as saved`} src={siteUrl(route)} style={frameStyle} />
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
