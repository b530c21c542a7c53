import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCartPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { productState, type Product, type ProductState } from '@haven/contract/shop';
import { formatDate } from '../../lib/format.ts';
import { displayPrice, formatCents, productName } from './prices.ts';
import { ProductNote } from './product-note.tsx';
import type { Shop } from './use-shop.ts';

const BADGE: Record<ProductState, string | null> = {
  owned: 'teal',
  in_cart: 'blue',
  included: 'grape',
  required: 'orange',
  not_available: 'gray',
  orderable: null,
};

interface Props {
  shop: Shop;
  /** The upgrade product helper of the specs: by product id. */
  productId: number;
  /** `choose`: a card in a wizard step; `owned`: a line in the products overview. */
  variant?: 'choose' | 'owned';
}

/** One product with its state, prices and the add/remove toggle. */
export function ProductCard({ shop, productId, variant = 'choose' }: Props) {
  const { t } = useTranslation('shop');
  const product = shop.products.find((p) => p.id === productId);
  if (!product || !shop.ctx || !shop.status) return null;
  const ctx = shop.ctx;
  const state = productState(product.id, shop.cart, ctx);
  const name = productName(product, shop.language);
  const headingId = `product-${product.id}-${variant}`;
  const canToggle = state === 'in_cart' || state === 'orderable' || state === 'required';

  return (
    <Card withBorder padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h4" id={headingId}>
            {name}
          </Title>
          {BADGE[state] && (
            <Badge color={BADGE[state]} variant="light" style={{ flexShrink: 0 }}>
              {t(`state.${state}`)}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {shop.language === 'en' ? product.description.en : product.description.nl}
        </Text>
        {variant === 'owned' ? (
          <Text size="sm" c="dimmed">
            {t('product.regular', { price: formatCents(product.price, shop.language) })}
          </Text>
        ) : state === 'owned' || state === 'not_available' ? (
          // No price for what the domain has or cannot have: the note says why instead.
          <ProductNote state={state} product={product} shop={shop} />
        ) : (
          <PriceLines product={product} shop={shop} />
        )}
        {variant === 'choose' && state === 'required' && (
          <Text size="sm" c="orange.9">
            {t('state.required_hint')}
          </Text>
        )}
        {variant === 'choose' && canToggle && (
          <Group justify="flex-end">
            <Button
              variant={state === 'in_cart' ? 'light' : 'filled'}
              color={state === 'in_cart' ? 'red' : undefined}
              leftSection={
                state === 'in_cart' ? (
                  <IconTrash size={16} aria-hidden />
                ) : (
                  <IconShoppingCartPlus size={16} aria-hidden />
                )
              }
              onClick={() => shop.toggle(product.id, ctx.catalogue)}
              aria-describedby={headingId}
            >
              {t(state === 'in_cart' ? 'product.remove' : 'product.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The labels say what each amount is: a new product's yearly rate and its share for the rest of
 * the running period; for an upgrade of something owned, what is added per year and the
 * difference due now.
 */
function PriceLines({ product, shop }: { product: Product; shop: Shop }) {
  const { t } = useTranslation('shop');
  const price = displayPrice(product);
  const date = formatDate(shop.status?.period.end ?? '', shop.language);
  const from = product.productsAcceptable
    .map((owned) =>
      productName(
        shop.products.find((p) => p.id === owned.id),
        shop.language,
      ),
    )
    .join(', ');
  const upgrade = from !== '';
  return (
    <Stack gap={2}>
      <Text fw={600}>
        {upgrade
          ? t('product.upgrade_per_year', { price: formatCents(price.annual, shop.language), from })
          : t('product.per_year', { price: formatCents(price.annual, shop.language) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t(upgrade ? 'product.upgrade_now' : 'product.now', {
          price: formatCents(price.now, shop.language),
          date,
        })}
      </Text>
    </Stack>
  );
}
