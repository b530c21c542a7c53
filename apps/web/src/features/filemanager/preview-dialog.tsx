import { useEffect, useState } from 'react';
import { Center, Image, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { fetchFile } from './api.ts';
import { fmErrorText } from './fm-errors.ts';
import { imageType } from './paths.ts';

/**
 * An image preview: the bytes come by a header-authenticated fetch into a blob URL of the
 * image's own type, shown in <img> (which never runs scripts, also not in an SVG).
 */
export function PreviewDialog({
  domain,
  path,
  name,
  onClose,
}: {
  domain: string;
  path: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('filemanager');
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    fetchFile(domain, path).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(
          new Blob([blob], { type: imageType(name) ?? 'application/octet-stream' }),
        );
        setUrl(objectUrl);
      },
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [domain, path, name]);

  return (
    <Modal opened onClose={onClose} title={name} size="lg">
      {error ? (
        <FormError message={fmErrorText(t, error)} />
      ) : url ? (
        <Image src={url} alt={t('preview.alt', { name })} fit="contain" mah="70vh" />
      ) : (
        <Center p="lg">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </Modal>
  );
}
