import {
  ActionIcon,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCreditCard, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { browser, useCheckout, usePricing } from './api.ts';
import { formatCents, productName } from './prices.ts';
import { useShop } from './use-shop.ts';

/** The cart: the server's price (now and the new annual rate) and the checkout. */
export function CartPage() {
  const { t } = useTranslation('shop');
  usePageTitle(t('cart.title'));
  const shop = useShop();
  const pricing = usePricing(shop.domain, shop.cart);
  const checkout = useCheckout(shop.domain);
  const lang = shop.language;
  const name = (id: number) =>
    productName(
      shop.products.find((p) => p.id === id),
      shop.language,
    );

  const onCheckout = () => {
    if (checkout.isPending || checkout.isSuccess) return;
    checkout.mutate(
      { products: shop.cart, language: lang },
      { onSuccess: ({ url }) => browser.go(url) },
    );
  };

  if (shop.cart.length === 0) {
    return (
      <Card withBorder padding="lg" component="section" aria-labelledby="cart-title">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3" id="cart-title">
            {t('cart.title')}
          </Title>
          <Text>{t('cart.empty')}</Text>
          <Button
            component={Link}
            to={routePath('upgrade', { domain: shop.domain })}
            variant="light"
          >
            {t('cart.choose')}
          </Button>
        </Stack>
      </Card>
    );
  }

  const data = pricing.data;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="cart-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="cart-title">
          {t('cart.title')}
        </Title>
        <Table verticalSpacing="xs" horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cart.product')}</Table.Th>
              <Table.Th ta="right">{t('cart.now')}</Table.Th>
              <Table.Th ta="right">{t('cart.annual')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('cart.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shop.cart.map((id) => {
              const line = data?.lines.find((l) => l.id === id);
              return (
                <Table.Tr key={id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {name(id)}
                    </Text>
                    {line && line.replaces.length > 0 && (
                      <Text size="xs" c="dimmed">
                        {t('cart.replaces', { products: line.replaces.map(name).join(', ') })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{line ? formatCents(line.price_now, lang) : '…'}</Table.Td>
                  <Table.Td ta="right">
                    {line ? formatCents(line.price_annual, lang) : '…'}
                  </Table.Td>
                  <Table.Td ta="right">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => shop.remove(id)}
                      aria-label={t('cart.remove', { product: name(id) })}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>

        {pricing.isError && <FormError message={errorText(t, pricing.error, ['shop:error.'])} />}
        {data && !pricing.isError && (
          <Stack gap={4} aria-live="polite" maw={420} ml="auto" w="100%">
            <Row label={t('cart.subtotal')} value={formatCents(data.subtotal, lang)} />
            <Row
              label={t('cart.vat', { rate: data.vat_rate / 100 })}
              value={formatCents(data.vat, lang)}
            />
            <Row label={t('cart.price_total')} value={formatCents(data.price_total, lang)} strong />
            <Row
              label={t('cart.price_annual_new', { date: formatDate(data.period_end, lang) })}
              value={formatCents(data.price_annual_new, lang)}
            />
            <Text size="xs" c="dimmed" mt={4}>
              {t('cart.pro_rata', { date: formatDate(data.period_end, lang) })}
            </Text>
          </Stack>
        )}
        {checkout.isError && <FormError message={errorText(t, checkout.error, ['shop:error.'])} />}
        <Group justify="space-between" gap="xs">
          <Button
            component={Link}
            to={routePath('upgradestep', { domain: shop.domain, step: 'sitebuilder' })}
            variant="default"
          >
            {t('steps.previous')}
          </Button>
          <Button
            onClick={onCheckout}
            loading={checkout.isPending || checkout.isSuccess}
            disabled={!data || pricing.isError || pricing.isFetching || shop.block !== null}
            leftSection={<IconCreditCard size={18} aria-hidden />}
          >
            {t('cart.checkout')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" ta="right">
          {t('cart.checkout_hint')}
        </Text>
      </Stack>
    </Card>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}
