import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Anchor,
  CloseButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as fm from '@haven/contract/filemanager';
import type { FileEntry } from '@haven/contract/filemanager';
import { routePath } from '../../lib/paths.ts';
import { FormError } from '../../components/form-error.tsx';
import { api } from '../../lib/api.ts';
import { fmErrorText } from './fm-errors.ts';
import { parentPath, splatOf } from './paths.ts';
import { LongName } from '../../components/long-name.tsx';

/** Search by name in the current folder and below; each hit links to the folder that holds it. */
export function SearchBox({ domain, path }: { domain: string; path: string }) {
  const { t } = useTranslation('filemanager');
  const [q, setQ] = useState('');
  const [result, setResult] = useState<{ data: FileEntry[]; truncated: boolean } | null>(null);
  const [error, setError] = useState<unknown>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (q.trim() === '') return;
    setError(null);
    api(fm.search, { params: { domain }, query: { path, q: q.trim() } }).then(setResult, setError);
  };
  const folderOf = (e: FileEntry) =>
    routePath('filemanager', {
      domain,
      '*': splatOf(e.type === 'directory' ? e.path : parentPath(e.path)),
    });

  return (
    <Stack gap="xs">
      <form onSubmit={submit} role="search">
        <TextInput
          label={t('search.label')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          rightSection={
            <ActionIcon type="submit" variant="subtle" aria-label={t('search.submit')}>
              <IconSearch size={16} aria-hidden />
            </ActionIcon>
          }
        />
      </form>
      {error !== null && <FormError message={fmErrorText(t, error)} />}
      {result && (
        <Paper withBorder p="sm" component="section" aria-label={t('search.results')}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600}>
              {t(result.truncated ? 'search.truncated' : 'search.count', {
                count: result.data.length,
              })}
            </Text>
            <CloseButton aria-label={t('upload.close')} onClick={() => setResult(null)} />
          </Group>
          <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {result.data.map((e) => (
              <li key={e.path}>
                <Anchor component={Link} to={folderOf(e)} size="sm">
                  <LongName>{e.path}</LongName>
                </Anchor>
              </li>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
