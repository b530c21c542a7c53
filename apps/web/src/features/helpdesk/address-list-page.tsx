import { Badge, Text } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type * as helpdesk from '@haven/contract/helpdesk';
import { CardList, ListCard } from '../../components/screen-kit/card-list.tsx';
import { ListScreen } from '../../components/screen-kit/list-screen.tsx';
import { routePath } from '../../lib/paths.ts';
import { useAddresses } from './api.ts';

function AddressRow({ address }: { address: helpdesk.Address }) {
  const { t } = useTranslation('helpdesk');
  const complete = address.status === 'complete';
  const lines = complete
    ? [
        address.name,
        `${address.streetname} ${address.housenumber}`,
        `${address.zipcode} ${address.city}`,
      ]
    : [t('address.not_filled')];
  return (
    <ListCard
      icon={IconAddressBook}
      name={address.domain}
      to={routePath('helpdeskaddressdetail', { id: String(address.id) })}
      badge={
        <Badge variant="light" color={complete ? 'teal' : 'gray'}>
          {t(`address.status.${address.status}`)}
        </Badge>
      }
    >
      <Text size="sm" c="dimmed">
        {t(`address.product.${address.product}`)}
      </Text>
      {lines.map((line) => (
        <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </ListCard>
  );
}

/** The contact address of each of the customer's domains, with its status. */
export function AddressListPage() {
  const { t } = useTranslation('helpdesk');
  const list = useAddresses();
  return (
    <ListScreen
      title={t('address.title')}
      intro={t('address.intro')}
      query={list}
      rows={list.data}
      search={(a) => a.domain}
      empty={t('address.empty')}
    >
      {(page) => (
        <CardList label={t('address.title')}>
          {page.map((address) => (
            <AddressRow key={address.id} address={address} />
          ))}
        </CardList>
      )}
    </ListScreen>
  );
}
