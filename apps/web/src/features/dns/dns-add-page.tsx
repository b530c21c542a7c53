import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { FormError } from '../../components/form-error.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useCreateRecord, useDnsAvailable, useDnsList } from './api.ts';
import { RecordForm } from './record-form.tsx';

/** dns/add: the kinds that can be added now, each with its own fields. */
export function DnsAddPage() {
  const { t } = useTranslation('dns');
  const { domain = '' } = useParams();
  const navigate = useNavigate();
  const available = useDnsAvailable(domain);
  const zone = useDnsList(domain);
  const create = useCreateRecord(domain);
  const back = routePath('dns', { domain });

  return (
    <Stack gap="md" maw={720}>
      <ScreenHeader
        title={t('add.title')}
        intro={t('add.intro', { domain })}
        back={{ to: back, label: t('add.back') }}
      />
      {available.isError && <FormError message={errorText(t, available.error, ['dns:error.'])} />}
      {available.isPending && <PageLoader />}
      {available.data && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <RecordForm
            domain={domain}
            available={available.data}
            zone={zone.data}
            submitLabel={t('add.submit')}
            submit={async (body) => {
              await create.mutateAsync(body);
              toast.success(t('add.saved'));
              await navigate(back);
            }}
            onCancel={() => void navigate(back)}
          />
        </Paper>
      )}
    </Stack>
  );
}
