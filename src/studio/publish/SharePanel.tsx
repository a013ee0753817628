// "Share a preview": a link to the saved site (or the page shown beside the changes) for someone
// without an account, made on the server while the editor waits, then shown once to copy: the
// server keeps no copy of it. Below, the links made so far (ShareList.tsx).
import { Alert, Button, CopyButton, Group, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { shareDays, type ShareMade } from '../../../shared/sharing.ts';
import { when } from './publish-api.ts';
import { sendableLink, shareApi } from './share-api.ts';
import { ShareList } from './ShareList.tsx';

const dayWords = (days: number) => (days === 1 ? '1 day' : `${days} days`);

export function SharePanel({ page, unsaved }: { page?: { route: string; title: string }; unsaved?: string }) {
  const [what, setWhat] = useState<'site' | 'page'>('site');
  const [days, setDays] = useState<string>(String(shareDays[0]));
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ShareMade>();
  const [problem, setProblem] = useState<string>();
  const [round, setRound] = useState(0);
  const onePage = what === 'page' && page !== undefined;

  const make = async () => {
    setBusy(true);
    setProblem(undefined);
    setMade(undefined);
    try {
      setMade(await shareApi.make({ days: Number(days), ...(onePage && { page: page.route }) }));
      setRound((n) => n + 1);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Share a preview">
      <Title order={3} size="h4" mb="xs">
        Share a preview
      </Title>
      <Stack gap="sm" maw={900}>
        <Text size="sm">
          Show the saved changes to someone without an account, such as a client or a colleague, before they go live.
          They see the site as it will look, with a banner saying it is a preview; its forms send nothing. Anyone who
          has the link can open it until it ends, so send it only to the people who should see it.
        </Text>
        {unsaved && (
          <Text size="sm" c="orange.8">
            Your edits to {unsaved} are not saved yet, so the preview leaves them out.
          </Text>
        )}
        <Group align="end" gap="lg">
          {page && (
            <Radio.Group label="What to show" value={what} onChange={(value) => setWhat(value as 'site' | 'page')}>
              <Group gap="md" mt={6}>
                <Radio value="site" label="The whole site" />
                <Radio value="page" label={`Only the ${page.title} page`} />
              </Group>
            </Radio.Group>
          )}
          <Select
            label="The link works for"
            data={shareDays.map((n) => ({ value: String(n), label: dayWords(n) }))}
            value={days}
            onChange={(value) => value && setDays(value)}
            allowDeselect={false}
            w={140}
          />
          <Button leftSection={<IconLink size={16} />} loading={busy} onClick={make}>
            Make a preview link
          </Button>
        </Group>
        {busy && <Text size="sm">Preparing the preview. This can take a minute.</Text>}
        {problem && <Alert color="red">{problem}</Alert>}
        {made && (
          <Alert color="teal" title="Your preview link is ready">
            <Group gap="xs" align="end" wrap="nowrap">
              <TextInput
                label="Preview link"
                readOnly
                value={sendableLink(made.link)}
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
              />
              <CopyButton value={sendableLink(made.link)}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" mt="xs">
              It works until {when(made.share.expires)}. Copy it now: for safety it is not shown again.
            </Text>
          </Alert>
        )}
        <ShareList round={round} />
      </Stack>
    </section>
  );
}
