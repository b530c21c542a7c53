import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/error-text.ts';
import { usePricing } from './api.ts';
import { formatCents, productName } from './prices.ts';
import type { Shop } from './use-shop.ts';

/** The cart beside the wizard: what is in it and what it costs now, priced by the server. */
export function CartSummary({ shop }: { shop: Shop }) {
  const { t } = useTranslation('shop');
  const pricing = usePricing(shop.domain, shop.cart);
  return (
    <Card withBorder padding="md" component="aside" aria-labelledby="cart-summary-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="cart-summary-title">
          {t('cart.title')}
        </Title>
        {shop.cart.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('cart.empty')}
          </Text>
        ) : (
          <>
            <List size="sm" spacing={2}>
              {shop.cart.map((id) => (
                <List.Item key={id}>
                  {productName(
                    shop.products.find((p) => p.id === id),
                    shop.language,
                  )}
                </List.Item>
              ))}
            </List>
            {pricing.isError ? (
              <FormError message={errorText(t, pricing.error, ['shop:error.'])} />
            ) : (
              <Group justify="space-between">
                <Text size="sm">{t('cart.price_total')}</Text>
                <Text fw={700} aria-live="polite">
                  {pricing.data ? formatCents(pricing.data.price_total, shop.language) : '…'}
                </Text>
              </Group>
            )}
            <Button component={Link} to={routePath('cart', { domain: shop.domain })}>
              {t('cart.to_cart')}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
