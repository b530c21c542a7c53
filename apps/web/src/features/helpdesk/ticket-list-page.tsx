import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type * as helpdesk from '@haven/contract/helpdesk';
import { usePagedList } from '../../components/paged-list/paged-list.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { routePath } from '../../lib/paths.ts';
import { useTickets } from './api.ts';
import { aboutText, TicketStatusBadge } from './ticket-parts.tsx';

const NONE: helpdesk.TicketSummary[] = [];
const searchText = (x: helpdesk.TicketSummary) => `${x.subject} ${x.domain} ${x.about.name}`;

function TicketRow({ ticket }: { ticket: helpdesk.TicketSummary }) {
  const { t } = useTranslation('helpdesk');
  const language = useLanguage();
  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Anchor
            component={Link}
            to={routePath('helpdeskticketdetail', { id: String(ticket.id) })}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            #{ticket.id} {ticket.subject}
          </Anchor>
          <TicketStatusBadge status={ticket.status} />
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {aboutText(t, ticket)} · {t(`ticket.categories.${ticket.category}`)} ·{' '}
          {t('ticket.updated', { date: formatDate(ticket.updated_at, language, true) })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The customer's tickets, newest activity first, and the way to open one. */
export function TicketListPage() {
  const { t } = useTranslation('helpdesk');
  const tickets = useTickets();
  const paged = usePagedList(tickets.data ?? NONE, {
    searchText,
    searchLabel: t('ticket.search'),
    label: t('ticket.title'),
  });
  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('ticket.title')}
        intro={t('ticket.intro')}
        actions={
          <Button
            component={Link}
            to={routePath('helpdeskticketdetail', { id: 'new' })}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('ticket.new')}
          </Button>
        }
      />
      <QueryState query={tickets}>
        {() =>
          tickets.data?.length === 0 ? (
            <Text>{t('ticket.empty')}</Text>
          ) : (
            <>
              {paged.search}
              <Stack
                component="ul"
                gap="xs"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={t('ticket.title')}
              >
                {paged.shown.map((ticket) => (
                  <TicketRow key={ticket.id} ticket={ticket} />
                ))}
              </Stack>
              {paged.pager}
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}
