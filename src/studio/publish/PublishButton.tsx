// The toolbar's Publish button, on the studio on the server only (the laptop studio answers that it
// has no publishing): it opens the Publish view, and a review from there or from the link a
// publisher was mailed (?review=ID).
import { Button } from '@mantine/core';
import { IconWorldUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { PublishView } from './PublishView.tsx';
import { usePublishing } from './publish-api.ts';
import { ReviewPage } from '../team-review/ReviewPage.tsx';

export function PublishButton() {
  const publishing = usePublishing();
  const [opened, setOpened] = useState(false);
  const [review, setReview] = useState(() => new URLSearchParams(location.search).get('review') ?? undefined);
  if (!publishing) return null;
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconWorldUpload size={14} />} onClick={() => setOpened(true)}>
        Publish
      </Button>
      {opened && (
        <PublishView
          editor={publishing.editor}
          onClose={() => setOpened(false)}
          onOpenReview={(id) => {
            setOpened(false);
            setReview(id);
          }}
        />
      )}
      {review && (
        <ReviewPage
          id={review}
          publisher={publishing.editor.role === 'publisher'}
          onClose={() => setReview(undefined)}
        />
      )}
    </>
  );
}
