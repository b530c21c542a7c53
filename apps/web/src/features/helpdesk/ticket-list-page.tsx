import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type * as helpdesk from '@haven/contract/helpdesk';
import { CardList, ListCard } from '../../components/screen-kit/card-list.tsx';
import { AddButton, ListScreen } from '../../components/screen-kit/list-screen.tsx';
import { formatDate } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { routePath } from '../../lib/paths.ts';
import { useTickets } from './api.ts';
import { aboutText, TicketStatusBadge } from './ticket-parts.tsx';

const searchText = (x: helpdesk.TicketSummary) => `${x.subject} ${x.domain} ${x.about.name}`;

function TicketRow({ ticket }: { ticket: helpdesk.TicketSummary }) {
  const { t } = useTranslation('helpdesk');
  const language = useLanguage();
  return (
    <ListCard
      name={`#${ticket.id} ${ticket.subject}`}
      to={routePath('helpdeskticketdetail', { id: String(ticket.id) })}
      badge={<TicketStatusBadge status={ticket.status} />}
    >
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {aboutText(t, ticket)} · {t(`ticket.categories.${ticket.category}`)} ·{' '}
        {t('ticket.updated', { date: formatDate(ticket.updated_at, language, true) })}
      </Text>
    </ListCard>
  );
}

/** The customer's tickets, newest activity first, and the way to open one. */
export function TicketListPage() {
  const { t } = useTranslation('helpdesk');
  const tickets = useTickets();
  return (
    <ListScreen
      title={t('ticket.title')}
      intro={t('ticket.intro')}
      actions={
        <AddButton label={t('ticket.new')} to={routePath('helpdeskticketdetail', { id: 'new' })} />
      }
      query={tickets}
      rows={tickets.data}
      search={searchText}
      searchLabel={t('ticket.search')}
      empty={t('ticket.empty')}
    >
      {(page) => (
        <CardList label={t('ticket.title')}>
          {page.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} />
          ))}
        </CardList>
      )}
    </ListScreen>
  );
}
