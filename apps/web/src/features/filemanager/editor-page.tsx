import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmDialog } from '../../components/confirm-dialog.ts';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { toast } from '../../components/toast.ts';
import { routePath } from '../../lib/paths.ts';
import { errorCode } from '../../lib/error-text.ts';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useContent, useSave } from './api.ts';
import { fmErrorText } from './fm-errors.ts';
import { baseName, editorLanguage, parentPath, pathFromSplat, splatOf } from './paths.ts';

const CodeEditor = lazy(() => import('../../components/code-editor/code-editor.tsx'));

/** Specs: the file editor; saving returns to the file manager at the parent folder. */
export function EditorPage() {
  const { t } = useTranslation('filemanager');
  const { domain = '', '*': splat } = useParams();
  const path = pathFromSplat(splat);
  const name = baseName(path);
  const navigate = useNavigate();
  const content = useContent(domain, path);
  const save = useSave(domain);
  const [text, setText] = useState<string | null>(null);
  const back = routePath('filemanager', { domain, '*': splatOf(parentPath(path)) });

  useEffect(() => {
    if (content.data && text === null) setText(content.data.content);
  }, [content.data, text]);

  const submit = (force = false) => {
    if (text === null) return;
    save.mutate(
      { path, content: text, version: content.data?.version, force },
      {
        onSuccess: () => {
          toast.success(t('editor.saved', { name }));
          void navigate(back);
        },
        onError: (error) => {
          // The file changed on disk since it was opened: overwrite only when the user says so.
          if (errorCode(error) === 'changed_on_disk') {
            confirmDialog({
              message: t('error.changed_on_disk'),
              confirmLabel: t('editor.overwrite'),
              onConfirm: () => submit(true),
            });
          }
        },
      },
    );
  };

  return (
    <OnlyIfExists query={content}>
      <Stack gap="md">
        <ScreenHeader
          title={t('editor.title', { name })}
          intro={path}
          back={{ to: back, label: t('editor.back') }}
        />
        <QueryState query={content}>
          {() => (
            <Stack gap="sm">
              <FormError
                message={
                  save.isError && errorCode(save.error) !== 'changed_on_disk'
                    ? fmErrorText(t, save.error)
                    : null
                }
              />
              <Suspense fallback={<PageLoader />}>
                <CodeEditor
                  value={text ?? ''}
                  onChange={setText}
                  language={editorLanguage(name)}
                  label={t('editor.label', { name })}
                  hint={t('editor.keyboard_hint')}
                  onSave={() => submit()}
                />
              </Suspense>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => void navigate(back)}>
                  {t('cancel')}
                </Button>
                <Button onClick={() => submit()} loading={save.isPending}>
                  {t('save')}
                </Button>
              </Group>
            </Stack>
          )}
        </QueryState>
      </Stack>
    </OnlyIfExists>
  );
}
