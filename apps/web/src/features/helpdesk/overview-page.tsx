import type { ReactNode } from 'react';
import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as helpdesk from '@haven/contract/helpdesk';
import { InvoiceList } from '../../components/invoices/invoice-list.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { routePath } from '../../lib/paths.ts';
import { useAddresses, useMailing, useTickets } from './api.ts';

function Section({
  id,
  title,
  to,
  more,
  children,
}: {
  id: string;
  title: string;
  to: string;
  more: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
        <Anchor component={Link} to={to} size="sm">
          {more}
        </Anchor>
      </Stack>
    </Card>
  );
}

function AddressSummary() {
  const { t } = useTranslation('helpdesk');
  const addresses = useAddresses();
  return (
    <Section
      id="overview-address"
      title={t('address.title')}
      to={routePath('helpdeskaddress')}
      more={t('overview.to_addresses')}
    >
      <QueryState query={addresses}>
        {() => {
          const open = addresses.data?.filter((a) => a.status === 'incomplete').length ?? 0;
          return (
            <Text>
              {open > 0
                ? t('overview.addresses_open', { count: open })
                : t('overview.addresses_done', { count: addresses.data?.length ?? 0 })}
            </Text>
          );
        }}
      </QueryState>
    </Section>
  );
}

function MailingSummary() {
  const { t } = useTranslation('helpdesk');
  const mailing = useMailing();
  return (
    <Section
      id="overview-mailing"
      title={t('mailing.title')}
      to={routePath('helpdeskmailing')}
      more={t('overview.to_mailing')}
    >
      <QueryState query={mailing}>
        {() => {
          const on = helpdesk.MAILING_TOPICS.filter((topic) => mailing.data?.[topic]);
          return on.length === 0 ? (
            <Text>{t('overview.mailing_none')}</Text>
          ) : (
            <List size="sm" aria-label={t('overview.mailing_on')}>
              {on.map((topic) => (
                <List.Item key={topic}>{t(`mailing.topics.${topic}.label`)}</List.Item>
              ))}
            </List>
          );
        }}
      </QueryState>
    </Section>
  );
}

function TicketSummary() {
  const { t } = useTranslation('helpdesk');
  const tickets = useTickets();
  return (
    <Section
      id="overview-ticket"
      title={t('ticket.title')}
      to={routePath('helpdeskticket')}
      more={t('overview.to_tickets')}
    >
      <QueryState query={tickets}>
        {() => {
          const open = (tickets.data ?? []).filter((x) => x.status !== 'closed');
          return open.length === 0 ? (
            <Text>{t('overview.tickets_none')}</Text>
          ) : (
            <List size="sm" aria-label={t('overview.tickets_open', { count: open.length })}>
              {open.slice(0, 5).map((x) => (
                <List.Item key={x.id}>
                  <Anchor
                    component={Link}
                    to={routePath('helpdeskticketdetail', { id: String(x.id) })}
                    size="sm"
                  >
                    #{x.id} {x.subject}
                  </Anchor>{' '}
                  ({t(`ticket.status.${x.status}`)})
                </List.Item>
              ))}
            </List>
          );
        }}
      </QueryState>
    </Section>
  );
}

/** The helpdesk at a glance: the open tickets, the newest invoices, the addresses to fill in, the mail wanted. */
export function OverviewPage() {
  const { t } = useTranslation('helpdesk');
  return (
    <Stack gap="md">
      <ScreenHeader title={t('overview.title')} intro={t('overview.intro')} />
      <Stack gap="xs">
        <InvoiceList limit={3} />
        <Anchor component={Link} to={routePath('helpdeskinvoice')} size="sm">
          {t('overview.to_invoices')}
        </Anchor>
      </Stack>
      <TicketSummary />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <AddressSummary />
        <MailingSummary />
      </SimpleGrid>
    </Stack>
  );
}
