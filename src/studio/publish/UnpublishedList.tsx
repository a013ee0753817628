// What is saved but not live yet, newest first: each change summed up in words with who made it and
// when, each of its files said in the review's words (src/studio/review/) and, for a page, "Before
// and after" to see it rendered as visitors see it now and once published. Developers' changes to
// the site's code are one line, "Site code updated", however many there are in a row.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UnpublishedAnswer, UnpublishedChangeView, UnpublishedFileView } from '../../../shared/publishing.ts';
import { ChangeLine } from '../review/ChangeLine.tsx';
import { describeFile, fileHeading } from '../review/describe.ts';
import { changeSummary } from '../review/summary.ts';
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
  /** Shows a page before and after; without it, no such button. */
  onShow?: (route: string) => void;
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
        {inRuns(answer.changes).map((run) => {
          const [change] = run;
          if (change.code) return <CodeUpdated key={change.commit} run={run} />;
          const summary = contract ? changeSummary(contract, change.files) : '';
          return (
            <Card key={change.commit} withBorder padding="sm" component="article" aria-label={summary}>
              <Text fw={600}>{summary}</Text>
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
          );
        })}
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

/** Each content change alone, and each run of changes to the site's code together. */
function inRuns(changes: UnpublishedChangeView[]): UnpublishedChangeView[][] {
  const runs: UnpublishedChangeView[][] = [];
  for (const change of changes) {
    const last = runs.at(-1);
    if (change.code && last?.[0].code) last.push(change);
    else runs.push([change]);
  }
  return runs;
}

/** Developers' changes to the site's code, newest first: one line, with who and since when. */
function CodeUpdated({ run }: { run: UnpublishedChangeView[] }) {
  const names = [...new Set(run.map((change) => change.author.name))].join(', ');
  return (
    <Card withBorder padding="sm" component="article" aria-label="Site code updated">
      <Text fw={600}>Site code updated</Text>
      <Text size="xs" c="dimmed">
        By {names}, {when(run[0].at)}
        {run.length > 1 ? ` (${run.length} updates)` : ''}
      </Text>
    </Card>
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
  onShow?: (route: string) => void;
}) {
  const lines = contract && file.status === 'modified' && !file.problem ? describeFile(contract, file) : [];
  const heading = fileHeading(file);
  return (
    <div style={{ marginTop: 8 }}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {heading}
        </Text>
        {route !== undefined && onShow && (
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
          This version cannot be compared field by field; a developer can tell what changed.
        </Text>
      )}
    </div>
  );
}
