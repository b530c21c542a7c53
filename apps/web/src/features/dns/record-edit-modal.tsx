import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type * as dns from '@haven/contract/dns';
import { toast } from '../../components/toast.ts';
import { useUpdateRecord } from './api.ts';
import { RecordForm } from './record-form.tsx';
import { valuesOf } from './record-values.ts';

interface Props {
  domain: string;
  record: dns.DnsRecord | null;
  available: dns.DnsAvailable | undefined;
  zone: dns.DnsList | undefined;
  onClose: () => void;
}

/** Editing a row in a dialog; its errors show inside the dialog (specs part 2 §8). */
export function RecordEditModal({ domain, record, available, zone, onClose }: Props) {
  const { t } = useTranslation('dns');
  const update = useUpdateRecord(domain);
  return (
    <Modal
      opened={record !== null}
      onClose={onClose}
      title={record ? t('edit.title', { name: record.domain }) : ''}
      size="lg"
    >
      {record && available && (
        <RecordForm
          key={record.id}
          domain={domain}
          available={available}
          zone={zone}
          initial={valuesOf(record)}
          editing
          submitLabel={t('edit.submit')}
          submit={async (body) => {
            await update.mutateAsync({ id: record.id, body });
            toast.success(t('edit.saved'));
            onClose();
          }}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
