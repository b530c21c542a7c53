import { Alert, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type * as mail from '@haven/contract/mail';
import { CopyValueButton } from '../../components/copy-value-button.tsx';
import { toast } from '../../components/toast.ts';
import { useCompleteMailDns } from './api.ts';
import { mailErrorText } from './mail-errors.ts';

const COLORS: Record<mail.MailDnsState, string> = {
  present: 'teal',
  missing: 'red',
  different: 'orange',
  unknown: 'gray',
};

function RecordRow({ r }: { r: mail.MailDnsRecord }) {
  const { t } = useTranslation('mail');
  const value = r.type === 'MX' ? `${r.priority ?? 10} ${r.value}` : r.value;
  return (
    <Table.Tr data-testid={`mail-dns-${r.purpose}`}>
      <Table.Th w={116} scope="row" style={{ verticalAlign: 'top' }}>
        <Stack gap={4} align="flex-start">
          <span>{t(`settings.dns_${r.purpose}`)}</span>
          <Badge color={COLORS[r.state]} variant="light" size="sm" tt="none">
            {t(`settings.dns_state_${r.state}`)}
          </Badge>
        </Stack>
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
          <Code>{`${r.host} ${r.type}`}</Code>
          <CopyValueButton value={r.value} label={t('settings.copy', { name: r.host })} size={28} />
        </Group>
        <Text size="xs" ff="monospace" lineClamp={2} mt={4}>
          {value}
        </Text>
        {r.state === 'different' && (
          <Text size="xs" mt={4}>
            {t('settings.dns_found')}{' '}
            <Text span ff="monospace" size="xs">
              {r.found.join(' · ')}
            </Text>
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The DNS records mail needs, as the domain's zone serves them: present, missing or different (a
 * record of the customer's own in that place, which the button leaves alone).
 */
export function MailDnsRecords({
  domain,
  records,
}: {
  domain: string;
  records: mail.MailDnsRecord[];
}) {
  const { t } = useTranslation('mail');
  const complete = useCompleteMailDns(domain);
  if (records.length === 0) return null;
  const missing = records.filter((r) => r.state === 'missing').length;
  const different = records.some((r) => r.state === 'different');
  const onComplete = () => {
    if (complete.isPending) return;
    complete.mutate(undefined, {
      onSuccess: (res) => toast.success(t('settings.dns_added', { count: res.added })),
    });
  };
  return (
    <Stack gap="xs" maw={760}>
      <Title order={2} size="h4">
        {t('settings.dns_title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.dns_intro')}
      </Text>
      {complete.isError && (
        <Alert color="red" role="alert">
          {mailErrorText(t, complete.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={0}>
        <Table layout="fixed">
          <Table.Tbody>
            {records.map((r) => (
              <RecordRow key={`${r.purpose}-${r.host}-${r.value}`} r={r} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {different && (
        <Text size="sm" c="dimmed">
          {t('settings.dns_different_note')}
        </Text>
      )}
      {missing > 0 ? (
        <Group justify="flex-start">
          <Button onClick={onComplete} loading={complete.isPending}>
            {t('settings.dns_complete', { count: missing })}
          </Button>
        </Group>
      ) : (
        !different && (
          <Text size="sm" role="status">
            {t('settings.dns_all_present')}
          </Text>
        )
      )}
    </Stack>
  );
}
