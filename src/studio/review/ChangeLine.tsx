// One change of the review in words: where it is and what happened, an image with its pictures
// before and after, a text with the words that changed.
import { Group, Text } from '@mantine/core';
import type { Said } from './describe.ts';
import { Thumbnail } from './Thumbnail.tsx';
import { TextChange, ValueChange } from './ValueChange.tsx';

/** Where an image address's file is in the last commit's version rather than on disk (replaced or deleted since). */
export type CommittedOf = (src: string) => string | undefined;

export function ChangeLine({ said, committedOf }: { said: Said; committedOf: CommittedOf }) {
  switch (said.kind) {
    case 'sentence':
      return <Text size="sm">{said.text}</Text>;
    case 'value':
      return (
        <Text size="sm">
          {said.where}: <ValueChange before={said.before} after={said.after} />
        </Text>
      );
    case 'text':
      return (
        <Text size="sm" component="div">
          {said.where}: <TextChange before={said.before} after={said.after} />
        </Text>
      );
    case 'image': {
      const altChanged = said.alt && said.alt.before !== said.alt.after;
      return (
        <div>
          <Text size="sm">
            {said.where}:{' '}
            {said.before === said.after ? 'picture unchanged' : <ValueChange before={said.before} after={said.after} />}
          </Text>
          <Group gap="xs" mt={4} align="center">
            {said.before !== said.after && (
              <>
                <Thumbnail
                  src={said.before}
                  committed={said.before && committedOf(said.before)}
                  alt={`Before: ${said.alt?.before ?? said.before ?? 'none'}`}
                />
                <Text aria-hidden>→</Text>
              </>
            )}
            <Thumbnail
              src={said.after}
              alt={`${said.before === said.after ? '' : 'After: '}${said.alt?.after ?? said.after ?? 'none'}`}
            />
          </Group>
          {altChanged && (
            <Text size="sm" mt={4}>
              Text for people who cannot see it: <ValueChange before={said.alt?.before} after={said.alt?.after} />
            </Text>
          )}
        </div>
      );
    }
  }
}
