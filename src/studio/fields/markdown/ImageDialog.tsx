// The image dialog: a picture from site/images or a new upload (the same list and upload as the
// image field), with its description for screen readers, which is required: the image cannot be
// inserted without it. Given an image already in the text, it changes that one.
import { Button, FileButton, Group, Image, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { api } from '../../api.ts';
import { useForm } from '../form-context.ts';
import { siteUrl } from '../../../routing/site-base.ts';

/** The alt text's label and help, as the schema words them for every image. */
function useAltWords(): { label: string; description?: string } {
  const { contract } = useForm();
  const { schema } = contract.resolve({ $ref: '#/$defs/image/properties/alt' }, 'common.schema.json');
  return { label: schema.title ?? 'Description for screen readers', description: schema.description };
}

export function ImageDialog({
  initial,
  onInsert,
  onClose,
}: {
  /** The image in the text to change; none for a new one. */
  initial?: { src: string; alt: string };
  onInsert: (alt: string, src: string) => void;
  onClose: () => void;
}) {
  const form = useForm();
  const altWords = useAltWords();
  const [src, setSrc] = useState<string | null>(initial?.src ?? null);
  const [alt, setAlt] = useState(initial?.alt ?? '');
  const [tried, setTried] = useState(false);
  const [uploadProblem, setUploadProblem] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const srcProblem = src ? undefined : 'Choose an image, or upload one.';
  const altProblem = alt.trim() ? undefined : 'Describe the image: without its description it cannot be inserted.';
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadProblem(undefined);
    setUploading(true);
    try {
      const uploaded = await api.upload(file);
      form.onImageUploaded(uploaded.src);
      setSrc(uploaded.src);
    } catch (error) {
      setUploadProblem((error as Error).message);
    } finally {
      setUploading(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setTried(true);
    if (src && !altProblem) onInsert(alt.trim(), src);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={initial ? 'Change the image' : 'Insert an image'}
      returnFocus={false}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group align="flex-end" gap="xs">
            <Select
              label="Choose an image"
              required
              data-autofocus
              data={form.images.includes(src ?? '') || !src ? form.images : [...form.images, src]}
              value={src}
              searchable
              onChange={setSrc}
              error={tried ? srcProblem : undefined}
              style={{ flex: 1 }}
            />
            <FileButton accept="image/png,image/jpeg,image/webp" onChange={(file) => void upload(file)}>
              {(props) => (
                <Button {...props} variant="light" loading={uploading} leftSection={<IconUpload size={14} />}>
                  Upload
                </Button>
              )}
            </FileButton>
          </Group>
          {uploadProblem && (
            <div role="alert" style={{ color: 'var(--mantine-color-red-7)', fontSize: 14 }}>
              {uploadProblem}
            </div>
          )}
          {src && <Image src={siteUrl(src)} alt="" h={120} w="auto" fit="contain" radius="sm" />}
          <TextInput
            label={altWords.label}
            description={altWords.description}
            required
            value={alt}
            onChange={(event) => setAlt(event.currentTarget.value)}
            error={tried ? altProblem : undefined}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">{initial ? 'Change image' : 'Insert image'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
