// An image: chosen from site/images or uploaded (the server checks the file's content and size),
// with its alt text required and the rest of the image's fields from the schema.
import { Button, FileButton, Fieldset, Group, Image, Select, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { api, type DataPath, type Json } from './api.ts';
import { FormContext, ObjectFields } from './SchemaForm.tsx';
import type { Resolved } from './schema.ts';

export function ImageField({ resolved, value, path, label, required }: { resolved: Resolved; value: Json | undefined; path: DataPath; label: string; required: boolean }) {
  const form = useContext(FormContext)!;
  const [problem, setProblem] = useState<string>();
  const record = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, Json>;
  const src = typeof record.src === 'string' ? record.src : '';
  const choose = (next: Record<string, Json>) => form.onChange(path, { ...record, ...next });
  return (
    <Fieldset legend={`${label}${required ? ' *' : ''}`}>
      <Stack gap="xs">
        {src && <Image src={src} alt="" h={90} w="auto" fit="contain" radius="sm" />}
        <Group align="flex-end" gap="xs">
          <Select label="Choose an image" data={form.images} value={form.images.includes(src) ? src : null} searchable onChange={(next) => next && choose({ src: next })} style={{ flex: 1 }} />
          <FileButton
            accept="image/png,image/jpeg,image/webp"
            onChange={async (file) => {
              if (!file) return;
              setProblem(undefined);
              try {
                const uploaded = await api.upload(file);
                form.onImageUploaded(uploaded.src);
                choose({ src: uploaded.src, ...(uploaded.width && { width: uploaded.width }), ...(uploaded.height && { height: uploaded.height }) });
              } catch (error) {
                setProblem((error as Error).message);
              }
            }}
          >
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
