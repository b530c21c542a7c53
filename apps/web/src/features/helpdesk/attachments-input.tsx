import { FileInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import * as helpdesk from '@haven/contract/helpdesk';
import { formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';

const { TICKET_LIMITS } = helpdesk;
const EXTENSIONS = Object.values(TICKET_LIMITS.attachmentTypes).flat();
const ACCEPT = EXTENSIONS.map((e) => `.${e}`).join(',');

/** What the server would refuse, said before the upload (the server checks again, by content). */
export function attachmentsRule(files: readonly File[]): string | undefined {
  if (files.length > TICKET_LIMITS.attachmentsPerMessage) return 'too_many_attachments';
  for (const f of files) {
    if (f.size > TICKET_LIMITS.attachmentMaxBytes) return 'attachment_too_large';
    if (!helpdesk.isPlainFileName(f.name)) return 'attachment_name';
    const ext = f.name.slice(f.name.lastIndexOf('.') + 1).toLowerCase();
    if (!EXTENSIONS.includes(ext)) return 'attachment_type';
  }
  return undefined;
}

/** Up to three attachments, with the limits in the description. */
export function AttachmentsInput({
  files,
  onChange,
  problem,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  problem: string | undefined;
}) {
  const { t } = useTranslation('helpdesk');
  const language = useLanguage();
  return (
    <FileInput
      multiple
      clearable
      clearButtonProps={{ 'aria-label': t('ticket.attachments_clear') }}
      accept={ACCEPT}
      value={files}
      onChange={onChange}
      label={t('ticket.attachments')}
      placeholder={t('ticket.attachments_placeholder')}
      // Mantine's placeholder grey is a text span here (not a native placeholder): AA contrast.
      styles={{ input: { '--input-placeholder-color': 'var(--mantine-color-gray-7)' } }}
      leftSection={<IconPaperclip size={16} aria-hidden />}
      description={t('ticket.attachments_hint', {
        count: TICKET_LIMITS.attachmentsPerMessage,
        size: formatSize(TICKET_LIMITS.attachmentMaxBytes, language),
        types: EXTENSIONS.join(', '),
      })}
      error={problem ? t(`error.${problem}`) : undefined}
    />
  );
}
