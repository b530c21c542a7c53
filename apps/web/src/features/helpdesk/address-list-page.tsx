import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type * as helpdesk from '@haven/contract/helpdesk';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
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
    <Paper component="li" withBorder p="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconAddressBook size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" justify="space-between">
            <Anchor
              component={Link}
              to={routePath('helpdeskaddressdetail', { id: String(address.id) })}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {address.domain}
            </Anchor>
            <Badge variant="light" color={complete ? 'teal' : 'gray'}>
              {t(`address.status.${address.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t(`address.product.${address.product}`)}
          </Text>
          {lines.map((line) => (
            <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {line}
            </Text>
          ))}
        </Stack>
      </Group>
    </Paper>
  );
}

/** The contact address of each of the customer's domains, with its status. */
export function AddressListPage() {
  const { t } = useTranslation('helpdesk');
  const list = useAddresses();
  return (
    <Stack gap="md">
      <ScreenHeader title={t('address.title')} intro={t('address.intro')} />
      <QueryState query={list}>
        {() =>
          list.data?.length === 0 ? (
            <EmptyState text={t('address.empty')} />
          ) : (
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t('address.title')}
            >
              {list.data?.map((address) => (
                <AddressRow key={address.id} address={address} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
