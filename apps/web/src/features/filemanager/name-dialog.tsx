import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileNameProblem } from '@haven/contract/filemanager';
import { FormError } from '../../components/form-error.tsx';
import { fmErrorText } from './fm-errors.ts';

interface Props {
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  /** 'name': one file name (ASCII, no slash); 'path': a folder path in the home. */
  kind: 'name' | 'path';
  onSubmit: (value: string) => Promise<unknown>;
  onClose: () => void;
}

/** One text field in a dialog: new file, new folder, rename, move or duplicate target, zip name. */
export function NameDialog({ title, label, initial, submitLabel, kind, onSubmit, onClose }: Props) {
  const { t } = useTranslation('filemanager');
  const [value, setValue] = useState(initial);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      kind === 'name' ? fileNameProblem(value) : value.trim() === '' ? 'required' : null;
    if (problem) {
      setFieldError(t(`validation.${problem}`));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(kind === 'path' ? value.trim() : value);
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormError message={error ? fmErrorText(t, error) : null} />
          <TextInput
            label={label}
            value={value}
            data-autofocus
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
