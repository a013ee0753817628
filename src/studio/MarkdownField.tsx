// A Markdown body (an article or a document): written on the left, rendered on the right with the
// same Markdown rules as the site (markdown-it, raw HTML escaped).
import { SimpleGrid, Textarea, Typography } from '@mantine/core';
import MarkdownIt from 'markdown-it';
import { useDeferredValue, useMemo } from 'react';

const markdown = new MarkdownIt({ html: false, linkify: true });

export function MarkdownField({ value, onChange, error }: { value: string; onChange: (next: string) => void; error?: string }) {
  const deferred = useDeferredValue(value);
  const html = useMemo(() => markdown.render(deferred), [deferred]);
  return (
    <SimpleGrid cols={2} spacing="sm">
      <Textarea label="Text (Markdown)" description="## for a heading, **bold**, - for a list, [words](/address) for a link." autosize minRows={16} maxRows={40} value={value} error={error} onChange={(event) => onChange(event.currentTarget.value)} styles={{ input: { fontFamily: 'ui-monospace, monospace', fontSize: 13 } }} />
      <div aria-label="Rendered text" role="region" style={{ borderLeft: '1px solid var(--mantine-color-gray-3)', paddingLeft: 12, maxHeight: '70vh', overflow: 'auto' }}>
        <Typography>
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </Typography>
      </div>
    </SimpleGrid>
  );
}
