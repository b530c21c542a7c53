import { useRef } from 'react';
import { Button, FileButton, Group } from '@mantine/core';
import { IconFilePlus, IconFolderPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';

interface Props {
  maxSize: number | undefined;
  uploading: boolean;
  showTrash: boolean;
  onNewFolder: () => void;
  onNewFile: () => void;
  onUpload: (files: File[]) => void;
  onToggleTrash: () => void;
}

/** New folder, new file, upload files or a folder (the button shows the largest size), trash. */
export function Toolbar({
  maxSize,
  uploading,
  showTrash,
  onNewFolder,
  onNewFile,
  onUpload,
  onToggleTrash,
}: Props) {
  const { t } = useTranslation('filemanager');
  const language = useLanguage();
  const folderInput = useRef<HTMLInputElement>(null);
  const max = maxSize ? formatSize(maxSize, language) : '';
  return (
    <Group gap="xs">
      <Button
        size="compact-md"
        variant="light"
        leftSection={<IconFolderPlus size={16} aria-hidden />}
        onClick={onNewFolder}
      >
        {t('new_folder')}
      </Button>
      <Button
        size="compact-md"
        variant="light"
        leftSection={<IconFilePlus size={16} aria-hidden />}
        onClick={onNewFile}
      >
        {t('new_file')}
      </Button>
      <FileButton
        multiple
        onChange={(files) => files.length > 0 && onUpload(files)}
        disabled={uploading}
      >
        {(props) => (
          <Button
            {...props}
            size="compact-md"
            leftSection={<IconUpload size={16} aria-hidden />}
            title={t('upload.max', { size: max })}
          >
            {t('upload.files', { size: max })}
          </Button>
        )}
      </FileButton>
      <Button
        size="compact-md"
        variant="light"
        onClick={() => folderInput.current?.click()}
        disabled={uploading}
      >
        {t('upload.folder')}
      </Button>
      <input
        ref={folderInput}
        type="file"
        hidden
        multiple
        data-testid="folder-upload"
        // React has no typed prop for it; every current browser supports it.
        {...{ webkitdirectory: '' }}
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          if (files.length > 0) onUpload(files);
        }}
      />
      <Button
        size="compact-md"
        variant={showTrash ? 'filled' : 'subtle'}
        color="gray"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={onToggleTrash}
        aria-pressed={showTrash}
      >
        {t('trash.title')}
      </Button>
    </Group>
  );
}
