import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck, IconMailX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as mail from '@haven/contract/mail';
import { QueryState } from '../../components/query-state.tsx';
import { toast } from '../../components/toast.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { useMailTraining, useSaveTraining } from './api.ts';
import { mailErrorText } from './mail-errors.ts';

/**
 * Spam training of a mailbox (specs: training data): the newest messages of the inbox and the
 * spam folder with the filter's score; checked ones are taught to the filter as spam or ham.
 */
export function TrainingSection({ domain, name }: { domain: string; name: string }) {
  const { t } = useTranslation('mail');
  const training = useMailTraining(domain, name);
  const title = t('training.title');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title} maw={760}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('training.intro')}
        </Text>
        <QueryState query={training}>
          {() => training.data && <TrainingList domain={domain} name={name} data={training.data} />}
        </QueryState>
      </Stack>
    </Paper>
  );
}

function TrainingList(props: { domain: string; name: string; data: mail.TrainingData }) {
  const { domain, name, data } = props;
  const { t } = useTranslation('mail');
  const language = useLanguage();
  const save = useSaveTraining(domain, name);
  const [checked, setChecked] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) =>
    setChecked((now) => (on ? [...now, id] : now.filter((x) => x !== id)));

  const mark = (kind: mail.TrainingMark) =>
    save.mutate(
      { ids: checked, mark: kind },
      {
        onSuccess: (result) => {
          setChecked([]);
          const learned = checked.length - result.skipped.length;
          if (learned > 0) toast.success(t(`training.marked_${kind}`, { count: learned }));
          if (result.skipped.length > 0)
            toast.error(t('training.skipped', { count: result.skipped.length }));
        },
        onError: (e) => toast.error(mailErrorText(t, e)),
      },
    );

  return (
    <Stack gap="sm">
      <Group gap="xs" aria-label={t('training.counts_label')} role="group">
        <Badge color="red" variant="light">
          {t('training.count_spam', { count: data.spam })}
        </Badge>
        <Badge color="green" variant="light">
          {t('training.count_ham', { count: data.ham })}
        </Badge>
        <Badge color="gray" variant="light">
          {t('training.count_total', { count: data.total })}
        </Badge>
      </Group>
      {!data.learning && (
        <Alert color="yellow" variant="light">
          {t('training.no_filter')}
        </Alert>
      )}
      {data.mails.length === 0 ? (
        <Text>{t('training.empty')}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.mails.map((m) => (
            <Paper component="li" withBorder p="xs" key={m.id}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Checkbox
                  mt={4}
                  checked={checked.includes(m.id)}
                  onChange={(e) => toggle(m.id, e.currentTarget.checked)}
                  aria-label={t('training.check', {
                    subject: m.subject || t('training.no_subject'),
                  })}
                />
                <Stack gap={2} miw={0} style={{ flex: 1 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {m.subject || t('training.no_subject')}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {t('training.from', { from: m.from })} ·{' '}
                    {formatDate(m.timestamp * 1000, language, true)}
                  </Text>
                  <Group gap={6}>
                    <Badge size="sm" variant="outline" color={m.type === 'spam' ? 'red' : 'gray'}>
                      {m.type ? t(`training.type_${m.type}`) : t('training.type_unknown')}
                    </Badge>
                    <Badge size="sm" variant="outline" color="gray">
                      {m.score === null
                        ? t('training.no_score')
                        : t('training.score', { score: formatNumber(m.score, language, 2) })}
                    </Badge>
                    <Badge
                      size="sm"
                      variant={m.training_status ? 'filled' : 'outline'}
                      color={
                        m.training_status === 'spam' ? 'red' : m.training_status ? 'green' : 'gray'
                      }
                    >
                      {m.training_status
                        ? t(`training.trained_${m.training_status}`)
                        : t('training.untrained')}
                    </Badge>
                  </Group>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Group gap="sm">
        <Button
          color="red"
          variant="light"
          leftSection={<IconMailX size={16} aria-hidden />}
          disabled={checked.length === 0 || !data.learning}
          loading={save.isPending && save.variables.mark === 'spam'}
          onClick={() => mark('spam')}
        >
          {t('training.mark_spam')}
        </Button>
        <Button
          color="green"
          variant="light"
          leftSection={<IconMailCheck size={16} aria-hidden />}
          disabled={checked.length === 0 || !data.learning}
          loading={save.isPending && save.variables.mark === 'ham'}
          onClick={() => mark('ham')}
        >
          {t('training.mark_ham')}
        </Button>
      </Group>
    </Stack>
  );
}
