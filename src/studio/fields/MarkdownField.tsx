// The body of an article or a document, edited as it looks (the visual editor) or as Markdown,
// whichever the person chose last on this browser; visual to begin with. Both edit the same
// Markdown, which the studio's draft owns, so switching keeps every word.
import { Button, Group, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { MarkdownEditor } from './markdown/MarkdownEditor.tsx';
import { VisualEditor } from './visual/VisualEditor.tsx';

type Mode = 'visual' | 'markdown';
const modes: { mode: Mode; name: string }[] = [
  { mode: 'visual', name: 'Visual' },
  { mode: 'markdown', name: 'Markdown' },
];

export function MarkdownField(props: { value: string; onChange: (next: string) => void; error?: string }) {
  const [mode, setMode] = useLocalStorage<Mode>({
    key: 'studio-text-editor',
    defaultValue: 'visual',
    getInitialValueInEffect: false,
  });
  return (
    <Stack gap={4}>
      <Group justify="flex-end" role="group" aria-label="Edit the text as">
        <Button.Group>
          {modes.map(({ mode: each, name }) => (
            <Button
              key={each}
              size="compact-xs"
              variant={mode === each ? 'filled' : 'default'}
              color="dark"
              aria-pressed={mode === each}
              onClick={() => setMode(each)}
            >
              {name}
            </Button>
          ))}
        </Button.Group>
      </Group>
      {mode === 'markdown' ? <MarkdownEditor {...props} /> : <VisualEditor {...props} />}
    </Stack>
  );
}
