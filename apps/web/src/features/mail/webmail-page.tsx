import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { QueryState } from '../../components/query-state.tsx';
import { toast } from '../../components/toast.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useUser } from '../../lib/user.ts';
import { useMailAccounts, useOpenWebmail, useWebmailInfo } from './api.ts';
import { mailErrorText } from './mail-errors.ts';
import { MailNav } from './mail-nav.tsx';

/**
 * Specs: /mail/{domain}/webmail. Opens the webmail signed in to the chosen mailbox (single
 * sign-on by a one-minute, single-use token), or says that no webmail is configured.
 */
export function WebmailPage() {
  const { t } = useTranslation('mail');
  usePageTitle(t('webmail.title'));
  const { domain = '' } = useParams();
  const info = useWebmailInfo(domain);
  const self = useUser().data?.type === 'EMAIL';
  return (
    <Stack gap="md">
      <MailNav domain={domain} current="webmail" />
      <Title order={1} size="h2">
        {t('webmail.title')}
      </Title>
      <QueryState query={info}>
        {() =>
          info.data?.configured ? (
            <WebmailOpener domain={domain} />
          ) : (
            <Alert color="yellow" variant="light" title={t('webmail.none_title')}>
              {/* A mailbox's login has no helpdesk: it asks whoever manages the domain. */}
              {t(self ? 'webmail.none_text_mailbox' : 'webmail.none_text')}
            </Alert>
          )
        }
      </QueryState>
    </Stack>
  );
}

function WebmailOpener({ domain }: { domain: string }) {
  const { t } = useTranslation('mail');
  const user = useUser();
  const self = user.data?.type === 'EMAIL';
  const [search] = useSearchParams();
  const accounts = useMailAccounts(domain, 'address', !self);
  const names = self
    ? [user.data?.email.split('@')[0] ?? '']
    : (accounts.data?.accounts.map((a) => a.name) ?? []);
  const [chosen, setChosen] = useState<string | null>(search.get('mailbox'));
  const name = chosen && names.includes(chosen) ? chosen : (names[0] ?? null);
  const open = useOpenWebmail(domain);

  const onOpen = () => {
    if (!name) return;
    // Opened now, while the click counts as the user's: a window opened after the call is blocked.
    const tab = window.open('about:blank', '_blank');
    open.mutate(name, {
      onSuccess: ({ url }) => {
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else window.location.assign(url);
      },
      onError: (e) => {
        tab?.close();
        toast.error(mailErrorText(t, e));
      },
    });
  };

  if (!self && accounts.data && names.length === 0) return <Text>{t('webmail.no_mailboxes')}</Text>;
  return (
    <Stack gap="sm" maw={520}>
      <Text>{t('webmail.intro')}</Text>
      {!self && (
        <Select
          label={t('webmail.mailbox')}
          data={names.map((n) => ({ value: n, label: `${n}@${domain}` }))}
          value={name}
          onChange={setChosen}
          allowDeselect={false}
        />
      )}
      <Group>
        {/* The label holds a whole address: it wraps instead of being cut off. */}
        <Button
          h="auto"
          py={6}
          styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left' } }}
          leftSection={<IconExternalLink size={16} aria-hidden />}
          onClick={onOpen}
          loading={open.isPending}
          disabled={!name}
        >
          {t('webmail.open', { address: name ? `${name}@${domain}` : '' })}
        </Button>
      </Group>
    </Stack>
  );
}
