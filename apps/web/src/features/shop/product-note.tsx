import { Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@haven/contract/shop';
import { HelpdeskLink } from './helpdesk-link.tsx';
import type { Shop } from './use-shop.ts';

/** Why a product cannot be ordered: the domain may not order now, its package, or not sold. */
export function unavailableReason(
  product: Pick<Product, 'available'>,
  shop: Pick<Shop, 'block' | 'details'>,
): 'blocked' | 'needs_hosting' | 'not_sold' {
  if (shop.block) return 'blocked';
  if (!product.available && shop.details?.package !== 'HOSTING') return 'needs_hosting';
  return 'not_sold';
}

/** In place of a price: that the domain has it already, or why it cannot have it and who can help. */
export function ProductNote({
  state,
  product,
  shop,
}: {
  state: 'owned' | 'not_available';
  product: Product;
  shop: Shop;
}) {
  const { t } = useTranslation('shop');
  if (state === 'owned') {
    return (
      <Group gap={4} c="teal.9" wrap="nowrap" align="flex-start">
        <IconCheck size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">{t('product.owned_hint')}</Text>
      </Group>
    );
  }
  const reason = unavailableReason(product, shop);
  return (
    <Stack gap="xs">
      <Text size="sm">{t(`unavailable.${reason}`)}</Text>
      {reason !== 'blocked' && <HelpdeskLink />}
    </Stack>
  );
}
