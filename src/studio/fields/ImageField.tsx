// An image: chosen from site/images or uploaded (the server checks the file's content and size),
// with its alt text required and the rest of the image's fields from the schema.
import { Button, FileButton, Fieldset, Group, Image, Select, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { api, type Json } from '../api.ts';
import { recordOf, useForm, type KindProps } from './form-context.ts';
import { ObjectFields } from './GroupField.tsx';
import { siteUrl } from '../../routing/site-base.ts';

export function ImageField({ resolved, label, value, path, required }: KindProps) {
  const form = useForm();
  const [problem, setProblem] = useState<string>();
  const record = recordOf(value);
  const src = typeof record.src === 'string' ? record.src : '';
  // Set over the image as it is when the upload or the size arrives: the alt text typed while
  // waiting stays, and nothing lands in a file opened since.
  const file = form.file;
  const choose = (next: Record<string, Json>) => form.onMerge(file, path, next);
  // A picked image brings its own size (the technical width and height, tucked under Details).
  const pick = async (next: string) => choose({ src: next, ...(await sizeOf(siteUrl(next))) });
  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(undefined);
    try {
      const uploaded = await api.upload(file);
      form.onImageUploaded(uploaded.src);
      choose({
        src: uploaded.src,
        ...(uploaded.width && { width: uploaded.width }),
        ...(uploaded.height && { height: uploaded.height }),
      });
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <Fieldset legend={`${label}${required ? ' *' : ''}`}>
      <Stack gap="xs">
        {src && <Image src={siteUrl(src)} alt="" h={90} w="auto" fit="contain" radius="sm" />}
        <Group align="flex-end" gap="xs">
          {/* The image's own path: a click on the image in the preview focuses this picker. */}
          <Select
            label="Choose an image"
            data={form.images}
            value={form.images.includes(src) ? src : null}
            searchable
            onChange={(next) => next && void pick(next)}
            style={{ flex: 1 }}
            data-path={JSON.stringify(path)}
          />
          <FileButton accept="image/png,image/jpeg,image/webp" onChange={(file) => void upload(file)}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={14} />}>
                Upload
              </Button>
            )}
          </FileButton>
        </Group>
        {problem && (
          <div role="alert" style={{ color: 'var(--mantine-color-red-7)', fontSize: 14 }}>
            {problem}
          </div>
        )}
        <ObjectFields resolved={resolved} value={value ?? null} path={path} />
      </Stack>
    </Fieldset>
  );
}

/** An image's size in pixels as the browser reads it; nothing when it cannot (an SVG without one). */
function sizeOf(src: string): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const image = new window.Image();
    image.onload = () =>
      resolve(image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : undefined);
    image.onerror = () => resolve(undefined);
    image.src = src;
  });
}
