import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Table,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import * as fm from '@haven/contract/filemanager';
import { FormError } from '../../components/form-error.tsx';
import { fmErrorText } from './fm-errors.ts';

interface Props {
  name: string;
  /** The entry's four octal digits ('0644'); the first is ignored. */
  permissions: string;
  onSubmit: (octal: string) => Promise<unknown>;
  onClose: () => void;
}

const WHO = ['owner', 'group', 'others'] as const;
const BITS = ['read', 'write', 'execute'] as const;

/** Specs: a three-digit octal field kept in sync with rwx checkboxes for owner, group, others. */
export function PermissionsDialog({ name, permissions, onSubmit, onClose }: Props) {
  const { t } = useTranslation('filemanager');
  const [octal, setOctal] = useState(permissions.slice(-3));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const valid = /^[0-7]{3}$/.test(octal);
  const rwx: fm.Permissions = fm.octalToRwx(valid ? octal : '000');

  const toggle = (who: (typeof WHO)[number], bit: keyof fm.Rwx, on: boolean) => {
    setOctal(fm.rwxToOctal({ ...rwx, [who]: { ...rwx[who], [bit]: on } }));
  };

  const save = async () => {
    setBusy(true);
    try {
      await onSubmit(octal);
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('permissions.title', { name })}>
      <Stack gap="sm">
        <FormError message={error ? fmErrorText(t, error) : null} />
        <TextInput
          label={t('permissions.octal')}
          value={octal}
          maxLength={3}
          inputMode="numeric"
          onChange={(e) => setOctal(e.currentTarget.value.replace(/[^0-7]/g, '').slice(0, 3))}
          error={valid ? null : t('permissions.invalid')}
        />
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <VisuallyHidden>{t('permissions.who')}</VisuallyHidden>
              </Table.Th>
              {BITS.map((bit) => (
                <Table.Th key={bit}>{t(`permissions.${bit}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {WHO.map((who) => (
              <Table.Tr key={who}>
                <Table.Th scope="row">{t(`permissions.${who}`)}</Table.Th>
                {BITS.map((bit) => (
                  <Table.Td key={bit}>
                    <Checkbox
                      aria-label={t('permissions.bit', {
                        who: t(`permissions.${who}`),
                        bit: t(`permissions.${bit}`),
                      })}
                      checked={rwx[who][bit]}
                      onChange={(e) => toggle(who, bit, e.currentTarget.checked)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={!valid}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
