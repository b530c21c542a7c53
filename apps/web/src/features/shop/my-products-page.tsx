import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inclusionClosure } from '@haven/contract/shop';
import { routePath } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { InvoiceList } from '../../components/invoices/invoice-list.tsx';
import { ProductCard } from './product-card.tsx';
import { useShop } from './use-shop.ts';

/** 'My products': what the domain owns (directly or included), and the invoices. */
export function MyProductsPage() {
  const { t } = useTranslation('shop');
  usePageTitle(t('my_products.title'));
  const shop = useShop();
  const owned = shop.ctx ? inclusionClosure(shop.ctx.owned, shop.ctx.catalogue) : new Set<number>();
  const products = shop.products.filter((p) => owned.has(p.id));
  const hasSitebuilder = products.some((p) => p.type === 'sitebuilder');

  return (
    <Stack gap="md">
      <section aria-labelledby="my-products-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="my-products-title">
            {t('my_products.title')}
          </Title>
          {products.length === 0 ? (
            <Text c="dimmed">{t('my_products.none')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {products.map((p) => (
                <ProductCard key={p.id} shop={shop} productId={p.id} variant="owned" />
              ))}
            </SimpleGrid>
          )}
          {hasSitebuilder && (
            <Button
              component={Link}
              to={routePath('sitebuilder', { domain: shop.domain })}
              variant="light"
              w="fit-content"
            >
              {t('sitebuilder.title')}
            </Button>
          )}
        </Stack>
      </section>
      <InvoiceList />
    </Stack>
  );
}
