// What is saved but not live yet, newest first: each change with who made it and when, and each of
// its files said in the review's words (src/studio/review/), with git's lines behind "Lines changed"
// and, for a page, "Before and after" to see it rendered as visitors see it now and once published.
import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import type { UnpublishedAnswer, UnpublishedFileView } from '../../../shared/publishing.ts';
import { ChangeLine } from '../review/ChangeLine.tsx';
import { describeFile, fileHeading } from '../review/describe.ts';
import type { Contract } from '../schema.ts';
import { useStudio } from '../store/store.ts';
import type { EntrySummary } from '../api.ts';
import { when } from './publish-api.ts';

/** The address a changed file shows at: its own page, or, for what every page shows (settings, forms), the home page. */
export function routeOf(entries: EntrySummary[], file: UnpublishedFileView): string | undefined {
  if (file.status === 'deleted') return undefined;
  const entry = entries.find((e) => e.file === file.file);
  if (entry?.route) return entry.route;
  return file.kind === 'settings' || file.kind === 'form' ? '/' : undefined;
}

export function UnpublishedList({
  answer,
  shown,
  onShow,
}: {
  answer: UnpublishedAnswer;
  shown?: string;
  onShow: (route: string) => void;
}) {
  const contract = useStudio((state) => state.site?.contract);
  const entries = useStudio((state) => state.entries);
  return (
    <section aria-label="Not published yet">
      <Title order={3} size="h4" mb="xs">
        Not published yet
      </Title>
      {answer.changes.length === 0 && <Text>Nothing to publish: visitors already see everything that was saved.</Text>}
      {answer.sinceUnknown && answer.changes.length > 0 && (
        <Text size="sm" c="dimmed" mb="xs">
          It is not known which saved version visitors see now, so every change ever saved is counted here.
        </Text>
      )}
      <Stack gap="sm">
        {answer.changes.map((change) => (
          <Card key={change.commit} withBorder padding="sm" component="article" aria-label={change.message}>
            <Text fw={600}>{change.message.split('\n')[0]}</Text>
            <Text size="xs" c="dimmed">
              {change.author.name} ({change.author.email}), {when(change.at)}
            </Text>
            {change.files.map((file) => (
              <FileChange
                key={file.file}
                file={file}
                contract={contract}
                route={routeOf(entries, file)}
                shown={shown}
                onShow={onShow}
              />
            ))}
          </Card>
        ))}
      </Stack>
      {answer.earlier > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          And {answer.earlier === 1 ? 'one earlier change' : `${answer.earlier} earlier changes`}, not shown here: they
          go live too.
        </Text>
      )}
    </section>
  );
}

function FileChange({
  file,
  contract,
  route,
  shown,
  onShow,
}: {
  file: UnpublishedFileView;
  contract?: Contract;
  route?: string;
  shown?: string;
  onShow: (route: string) => void;
}) {
  const lines = contract && file.status === 'modified' && !file.problem ? describeFile(contract, file) : [];
  const heading = fileHeading(file);
  return (
    <div style={{ marginTop: 8 }}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {heading}
        </Text>
        {route !== undefined && (
          <Button
            size="compact-xs"
            variant={shown === route ? 'filled' : 'light'}
            aria-pressed={shown === route}
            aria-label={`Before and after: ${heading}`}
            onClick={() => onShow(route)}
          >
            Before and after
          </Button>
        )}
      </Group>
      {lines.length > 0 && (
        <Stack component="ul" gap={4} mt={4} pl={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <li key={line.indexes.join(',')} style={{ overflowWrap: 'anywhere' }}>
              <ChangeLine said={line.said} committedOf={() => undefined} />
            </li>
          ))}
        </Stack>
      )}
      {file.problem && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          This version cannot be compared value by value: {file.problem}
        </Text>
      )}
      <details>
        <summary style={{ fontSize: 'var(--mantine-font-size-xs)', cursor: 'pointer' }}>Lines changed</summary>
        <Code block fz="xs" mt={4}>
          {file.diff}
        </Code>
      </details>
    </div>
  );
}
