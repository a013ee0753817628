// Scheduled releases: "Schedule…" puts the changes below live at a chosen time on the site's clock
// (a publisher only), and the list says each one in words (getting ready, waiting, went live, will
// not go live and why), with Move and Cancel on those still waiting.
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ScheduledAnswer, ScheduleView } from '../../../shared/scheduling.ts';
import { publishApi } from './publish-api.ts';
import { ScheduleTime } from './ScheduleTime.tsx';

const stateWords: Record<ScheduleView['state'], { label: string; color: string }> = {
  'getting-ready': { label: 'Getting ready', color: 'blue' },
  waiting: { label: 'Ready, waiting for its time', color: 'teal' },
  failed: { label: 'Will not go live', color: 'red' },
  live: { label: 'Went live', color: 'gray' },
  'not-needed': { label: 'Not needed: the site changed since', color: 'gray' },
};

function what(schedule: ScheduleView): string {
  if (!schedule.article) return `Changes scheduled by ${schedule.by}`;
  const { title, change } = schedule.article;
  return change === 'goes-live' ? `“${title}” goes live` : `“${title}” is taken down`;
}

export function ScheduledReleases({
  publisher,
  commit,
  holdBack,
  round,
}: {
  publisher: boolean;
  commit?: string;
  /** The languages the list shown holds back. */
  holdBack: string[];
  round: number;
}) {
  const [answer, setAnswer] = useState<ScheduledAnswer>();
  const [problem, setProblem] = useState<string>();
  const [choosing, setChoosing] = useState<string>();
  useEffect(() => {
    let live = true;
    const read = () =>
      publishApi.scheduled().then(
        (next) => live && setAnswer(next),
        (error: Error) => live && setProblem(error.message),
      );
    void read();
    // A schedule getting ready or going live changes on the server: the list follows it.
    const timer = setInterval(read, 5000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [round]);
  const act = async (request: () => Promise<ScheduledAnswer>) => {
    setProblem(undefined);
    try {
      setAnswer(await request());
      setChoosing(undefined);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  if (!answer) return null;
  return (
    <section aria-label="Scheduled releases">
      <Title order={3} size="h4" mb="xs">
        Scheduled
      </Title>
      <Stack gap="sm">
        {publisher && commit && choosing !== 'new' && (
          <Group>
            <Button variant="light" onClick={() => setChoosing('new')}>
              Schedule…
            </Button>
            <Text size="sm" c="dimmed">
              Puts the changes below live at a time you choose, on the site’s clock ({answer.zone}).
            </Text>
          </Group>
        )}
        {publisher && commit && choosing === 'new' && (
          <ScheduleTime
            zone={answer.zone}
            earliest={answer.now}
            action="Schedule"
            onChoose={(at) => act(() => publishApi.schedule(commit, at, holdBack))}
            onCancel={() => setChoosing(undefined)}
          />
        )}
        {answer.schedules.length === 0 && <Text size="sm">Nothing is scheduled.</Text>}
        {answer.schedules.length > 0 && (
          <Table maw={1000} verticalSpacing={6}>
            <Table.Tbody>
              {answer.schedules.map((schedule) => (
                <Table.Tr key={schedule.id} aria-label={`${what(schedule)}, ${schedule.when}`}>
                  <Table.Td>{schedule.when}</Table.Td>
                  <Table.Td>
                    {what(schedule)}
                    {schedule.failure && (
                      <Text size="sm" c="red">
                        {schedule.failure} {schedule.by} was told by e-mail.
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={stateWords[schedule.state].color} variant="light">
                      {stateWords[schedule.state].label}
                      {schedule.late && ', late: the server was not running at its time'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {publisher &&
                      !schedule.article &&
                      (schedule.state === 'waiting' || schedule.state === 'getting-ready') &&
                      (choosing === schedule.id ? (
                        <ScheduleTime
                          zone={answer.zone}
                          earliest={answer.now}
                          initial={schedule.local}
                          action="Move"
                          onChoose={(at) => act(() => publishApi.move(schedule.id, at))}
                          onCancel={() => setChoosing(undefined)}
                        />
                      ) : (
                        <Group gap={6} wrap="nowrap">
                          <Button size="compact-sm" variant="light" onClick={() => setChoosing(schedule.id)}>
                            Move
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="default"
                            onClick={() => act(() => publishApi.cancel(schedule.id))}
                          >
                            Cancel
                          </Button>
                        </Group>
                      ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {problem && <Alert color="red">{problem}</Alert>}
      </Stack>
    </section>
  );
}
